// For the site scripts' tests: a statistics transport that keeps what would have been sent, so a
// test reads the events as the server would receive them.
import { STAT_MODULE, type StatTransport } from '#shared/statistics.ts';

export function recordedStats(): { sent: Array<{ event: string; data: Record<string, unknown> }>; send: StatTransport } {
  const sent: Array<{ event: string; data: Record<string, unknown> }> = [];
  const send: StatTransport = (_path, body) => {
    const { module, event, data } = JSON.parse(body);
    if (module !== STAT_MODULE) throw new Error(`a statistic sent under ${module}, not ${STAT_MODULE}`);
    sent.push({ event, data });
  };
  return { sent, send };
}
