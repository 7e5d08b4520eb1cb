// /activity/compensation: claims the campaign's compensation (POST /vip/v1/activity/compensate,
// SPEC §7.3) for the signed-in visitor. The campaign id comes from content/campaigns.json.

import { useState } from 'react';
import { PREMIUM_PATHS } from '#shared/api/premium.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const COMPENSATION_CLAIM_MESSAGES: readonly MessageKey[] = [
  'site.campaign.compensation.claim',
  'site.campaign.compensation.claimed',
  'site.api.working',
];

export function CompensationClaim({ messages, campaignId }: IslandProps & { campaignId: string }) {
  const text = useIslandText(messages);
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);

  const claim = async () => {
    setBusy(true);
    setStatus({ message: text('site.api.working'), kind: 'info' });
    try {
      // SPEC §7.3 names the campaign ids but not the body's field; activity_id is Nubo's.
      await siteApi().post(PREMIUM_PATHS.compensate, { activity_id: campaignId });
      setClaimed(true);
      setStatus({ message: text('site.campaign.compensation.claimed'), kind: 'success' });
    } catch (cause) {
      setStatus({ message: describeApiFailure(cause, text), kind: 'error' });
      setBusy(false);
    }
  };

  return (
    <>
      {hydrated && !claimed && (
        <button type="button" className="primary" disabled={busy} onClick={() => void claim()}>
          {text('site.campaign.compensation.claim')}
        </button>
      )}
      <StatusLine status={status} />
    </>
  );
}
