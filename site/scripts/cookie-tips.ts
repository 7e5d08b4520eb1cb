// The cookie tips banner (SPEC §3.7, §7.5): asks once whether usage statistics may be collected and
// keeps the answer in allow_analysis. The banner is in the page's HTML, hidden, so the static page
// never shows it to someone who already answered; this shows it to someone who has not.
import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import { type AnalysisConsent, readAnalysisConsent, type StatTransport, stat } from '#shared/statistics.ts';

/** `banner` holds buttons with data-consent="true" (allow) and data-consent="false" (only necessary). */
export function startCookieTips(banner: HTMLElement, send?: StatTransport): void {
  let consent: AnalysisConsent | undefined;
  try {
    consent = readAnalysisConsent();
  } catch {
    return; // Storage is closed (a private mode): an answer could not be kept, so do not ask.
  }
  if (consent !== undefined) return;
  banner.hidden = false;
  // Like every event, refused by stat until the visitor has said yes.
  stat('cookie_tips_show', { page_path: location.pathname }, send);
  banner.addEventListener('click', (event) => {
    const answer = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (answer !== 'true' && answer !== 'false') return;
    localStorage.setItem(STORAGE_KEYS.allowAnalysis, answer);
    banner.hidden = true;
    stat('cookie_tips_click', { page_path: location.pathname, allow_analysis: answer === 'true' }, send);
  });
}
