import { useT } from '../../i18n.ts';
import { askForMore } from '../../stores/premium-dialog.ts';

const LABELS = { storage: 'quota.getMore', traffic: 'premium.getTraffic' } as const;

/** "Get more storage" (or traffic) beside a failure that more would remedy; nothing otherwise. */
export function MoreButton({ remedy }: { remedy: 'storage' | 'traffic' | undefined }) {
  const t = useT();
  if (!remedy) return null;
  return (
    <button type="button" className="button secondary" onClick={() => askForMore(remedy)}>
      {t(LABELS[remedy])}
    </button>
  );
}
