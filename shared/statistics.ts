// Usage statistics (SPEC §7.5): every event of the web app and the public site goes through
// `stat`, which sends nothing until the visitor has opted in (allow_analysis, SPEC §3.7).
// Events go to our own server, which writes them to its log for the operator; no third party.
import { STORAGE_KEYS } from './browser-storage.ts';

/** The module every event is filed under (SPEC §7.5). */
export const STAT_MODULE = 'web_yunpan_public_module';

export const STAT_EVENTS = [
  'cookie_tips_show',
  'cookie_tips_click',
  'cookie_pop_click',
  'block_page_show',
  'language_guide_switch_click',
  'sidebar_click',
  'spread_page_operation_show',
  'spread_page_operation_click',
] as const;
export type StatEvent = (typeof STAT_EVENTS)[number];

/** What an event may carry: a few short named values (e.g. current_address, page_path, share_id). */
export type StatData = Record<string, string | number | boolean>;

export const STATS_PATH = '/v1/stats';
export const STAT_DATA_MAX_KEYS = 16;
export const STAT_VALUE_MAX_LENGTH = 512;

export type AnalysisConsent = 'true' | 'false';

/** The visitor's answer to the cookie tips, or undefined while they have not answered. */
export function readAnalysisConsent(storage: Pick<Storage, 'getItem'> = localStorage): AnalysisConsent | undefined {
  const value = storage.getItem(STORAGE_KEYS.allowAnalysis);
  return value === 'true' || value === 'false' ? value : undefined;
}

export type StatTransport = (path: string, body: string) => void;

const beacon: StatTransport = (path, body) => {
  // sendBeacon survives the page being left. A string goes as text/plain, which needs no CORS
  // preflight anywhere; the server reads it as JSON. fetch with keepalive is the fallback.
  if (!navigator.sendBeacon?.(path, body))
    void fetch(path, { method: 'POST', body, headers: { 'content-type': 'text/plain' }, keepalive: true }).catch(() => {});
};

/**
 * Records one statistic event. Answers whether it was sent: false before opt-in, or when the
 * browser's storage cannot be read (private modes), because then consent cannot be known.
 */
export function stat(event: StatEvent, data: StatData = {}, send: StatTransport = beacon, storage?: Pick<Storage, 'getItem'>): boolean {
  let consent: AnalysisConsent | undefined;
  try {
    consent = readAnalysisConsent(storage);
  } catch {
    return false;
  }
  if (consent !== 'true') return false;
  send(STATS_PATH, JSON.stringify({ module: STAT_MODULE, event, data }));
  return true;
}
