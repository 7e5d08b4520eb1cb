// /check-in: asks whether today's check-in is done (GET /vip/v1/task/status?scene=check_in), then
// lets the visitor check in (POST /vip/v1/activity/rewardVip), SPEC §7.3.

import { useEffect, useState } from 'react';
import { CHECK_IN_SCENE, PREMIUM_PATHS } from '#shared/api/premium.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const CHECK_IN_MESSAGES: readonly MessageKey[] = ['site.checkIn.loading', 'site.checkIn.done', 'site.checkIn.button'];

/** The answer's shape is not in the spec: Nubo reads status 'done' as today's check-in made. */
type TaskStatus = { status?: unknown };

export function CheckIn({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const [status, setStatus] = useState<Status>();
  const [canCheckIn, setCanCheckIn] = useState(false);
  const [busy, setBusy] = useState(false);
  const done = () => {
    setCanCheckIn(false);
    setStatus({ message: text('site.checkIn.done'), kind: 'success' });
  };

  useEffect(() => {
    setStatus({ message: text('site.checkIn.loading'), kind: 'info' });
    siteApi()
      .get<TaskStatus>(PREMIUM_PATHS.taskStatus, { scene: CHECK_IN_SCENE })
      .then((answer) => {
        if (answer?.status === 'done') return setStatus({ message: text('site.checkIn.done'), kind: 'success' });
        setStatus(undefined);
        setCanCheckIn(true);
      })
      .catch((cause: unknown) => setStatus({ message: describeApiFailure(cause, text), kind: 'error' }));
  }, [text]);

  const checkIn = async () => {
    setBusy(true);
    try {
      await siteApi().post(PREMIUM_PATHS.rewardVip, { type: CHECK_IN_SCENE, data: {} });
      done();
    } catch (cause) {
      setStatus({ message: describeApiFailure(cause, text), kind: 'error' });
      setBusy(false);
    }
  };

  return (
    <>
      <StatusLine status={status} />
      {canCheckIn && (
        <button type="button" className="primary" disabled={busy} onClick={() => void checkIn()}>
          {text('site.checkIn.button')}
        </button>
      )}
    </>
  );
}
