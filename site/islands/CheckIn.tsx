// /check-in: asks whether today's check-in is made (GET /vip/v1/task/status?scene=check_in), says
// what checking in gives and the streak, then checks the visitor in (POST /vip/v1/activity/rewardVip),
// SPEC §7.3. A server that gives nothing for it says so, and offers no button.

import { useEffect, useState } from 'react';
import { CHECK_IN_PATHS, CHECK_IN_SCENE, type CheckedIn, type CheckInStatus } from '#shared/api/check-in.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { grantLabel, planLabel, TERMS_LABEL_MESSAGES } from '#shared/premium.ts';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const CHECK_IN_MESSAGES: readonly MessageKey[] = [
  'site.checkIn.loading',
  'site.checkIn.done',
  'site.checkIn.button',
  'site.checkIn.off',
  'site.checkIn.streak',
  'site.checkIn.reward',
  'site.checkIn.streakReward',
  'site.checkIn.got',
  ...TERMS_LABEL_MESSAGES,
];

export function CheckIn({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const [status, setStatus] = useState<Status>();
  const [standing, setStanding] = useState<CheckInStatus>();
  const [streak, setStreak] = useState<number>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setStatus({ message: text('site.checkIn.loading'), kind: 'info' });
    siteApi()
      .get<CheckInStatus>(CHECK_IN_PATHS.status, { scene: CHECK_IN_SCENE })
      .then((answer) => {
        setStanding(answer);
        setStreak(answer.streak);
        if (answer.status === 'off') return setStatus({ message: text('site.checkIn.off'), kind: 'info' });
        if (answer.status === 'done') return setStatus({ message: text('site.checkIn.done'), kind: 'success' });
        setStatus(undefined);
      })
      .catch((cause: unknown) => setStatus({ message: describeApiFailure(cause, text), kind: 'error' }));
  }, [text]);

  const checkIn = async () => {
    setBusy(true);
    try {
      const done = await siteApi().post<CheckedIn>(CHECK_IN_PATHS.checkIn, { type: CHECK_IN_SCENE, data: {} });
      setStanding((before) => before && { ...before, status: 'done' });
      setStreak(done.streak);
      const what = done.grants.map((grant) => grantLabel(grant, text)).join(', ');
      setStatus({ message: what ? text('site.checkIn.got', { what }) : text('site.checkIn.done'), kind: 'success' });
    } catch (cause) {
      setStatus({ message: describeApiFailure(cause, text), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const rewards = standing?.status === 'off' ? undefined : standing?.rewards;
  return (
    <>
      {rewards?.daily && <p data-reward="daily">{text('site.checkIn.reward', { what: planLabel(rewards.daily, text) })}</p>}
      {rewards?.streak && (
        <p data-reward="streak">{text('site.checkIn.streakReward', { every: rewards.streak.every, what: planLabel(rewards.streak.grant, text) })}</p>
      )}
      {streak !== undefined && standing?.status !== 'off' && <p data-streak={streak}>{text('site.checkIn.streak', { days: streak })}</p>}
      <StatusLine status={status} />
      {standing?.status === 'todo' && (
        <button type="button" className="primary" disabled={busy} onClick={() => void checkIn()}>
          {text('site.checkIn.button')}
        </button>
      )}
    </>
  );
}
