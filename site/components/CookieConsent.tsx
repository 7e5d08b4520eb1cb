// The cookie tips banner (SPEC §2.7, §3.7): asks once whether usage statistics may be collected
// and keeps the answer in allow_analysis. Nothing is measured before the visitor says yes.
import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import { readAnalysisConsent, type AnalysisConsent } from '#shared/statistics.ts';

type Props = { text: string; acceptLabel: string; declineLabel: string; regionLabel: string };

export default function CookieConsent({ text, acceptLabel, declineLabel, regionLabel }: Props) {
  // Rendered only in the browser: the static HTML must not show the banner to someone who answered.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(readAnalysisConsent() === undefined);
  }, []);

  if (!visible) return null;
  const answer = (consent: AnalysisConsent) => {
    localStorage.setItem(STORAGE_KEYS.allowAnalysis, consent);
    setVisible(false);
  };
  return (
    <section className="cookie-consent" role="region" aria-label={regionLabel}>
      <p>{text}</p>
      <div className="cookie-consent-actions">
        <button type="button" onClick={() => answer('false')}>{declineLabel}</button>
        <button type="button" className="primary" onClick={() => answer('true')}>{acceptLabel}</button>
      </div>
    </section>
  );
}
