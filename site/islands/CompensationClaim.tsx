// /activity/compensation: claims the campaign's compensation (POST /vip/v1/activity/compensate,
// SPEC §7.3) for the signed-in visitor. The campaign id comes from content/campaigns.json.

import { useState } from 'react';
import { COMPENSATION_PATHS, type Compensated } from '#shared/api/compensation.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { grantLabel, TERMS_LABEL_MESSAGES } from '#shared/premium.ts';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const COMPENSATION_CLAIM_MESSAGES: readonly MessageKey[] = [
  'site.campaign.compensation.claim',
  'site.campaign.compensation.claimed',
  'site.campaign.compensation.claimedBefore',
  'site.campaign.compensation.notEligible',
  'site.api.working',
  ...TERMS_LABEL_MESSAGES,
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
      const { grant } = await siteApi().post<Compensated>(COMPENSATION_PATHS.compensate, { activity_id: campaignId });
      setClaimed(true);
      setStatus({ message: text('site.campaign.compensation.claimed', { what: grantLabel(grant, text) }), kind: 'success' });
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
