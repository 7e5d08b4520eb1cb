// The statistic events of SPEC §7.5, sent by `stat` (shared/statistics.ts) only after the visitor
// opted in. They are written to the server's log as one structured line each, for the operator's
// own analysis; nothing is kept in the database and nothing leaves the server.
import type { StatBody } from '#shared/api/statistics.ts';
import type { CounterStore } from '../auth/rate-limits.ts';
import { ServiceError } from '../errors.ts';

/** Enough for a busy reader clicking around; a flood from one address is refused, not logged. */
export const STATS_PER_IP = { max: 120, windowMs: 60_000 };

export type StatLog = { info(fields: object, message: string): void };

export function statisticsService(deps: { counters: CounterStore }) {
  return {
    async record(ip: string, { module, event, data }: StatBody, log: StatLog) {
      const { count } = await deps.counters.increment(`stats:ip:${ip}`, STATS_PER_IP.windowMs);
      if (count > STATS_PER_IP.max) throw new ServiceError('too_many_requests', 'Too many statistic events from this address.');
      log.info({ stat: { module, event, data: data ?? {} } }, 'statistic event');
    },
  };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
