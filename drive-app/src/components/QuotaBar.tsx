import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PAYMENT_STORAGE_PATH } from '#shared/app-paths.ts';
import { formatSize } from '#shared/format.ts';
import { useT } from '../i18n.ts';
import { $quota } from '../stores/quota.ts';

/** How much of the storage is used, the trash included (SPEC §1 storage quota display). */
export function QuotaBar() {
  const t = useT();
  const titleId = useId();
  const state = useStore($quota);
  // Before the figures arrive, and if they cannot be read (logged), the bar is left out.
  if (state.status !== 'ready') return null;
  const { limit, usage, usage_in_trash: inTrash, is_unlimited: unlimited } = state.quota;
  const used = Number(usage);
  const max = Number(limit);
  const share = unlimited || max <= 0 ? 0 : Math.min(1, used / max);
  const text = unlimited ? t('quota.usedUnlimited', { used: formatSize(usage) }) : t('quota.used', { used: formatSize(usage), limit: formatSize(limit) });
  return (
    <section className="quota-bar" aria-labelledby={titleId}>
      <h2 id={titleId} className="quota-title">
        {t('quota.title')}
      </h2>
      {!unlimited && (
        <div
          className="quota-meter"
          role="meter"
          aria-labelledby={titleId}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={used}
          aria-valuetext={text}
          data-level={share >= 0.9 ? 'full' : share >= 0.75 ? 'high' : 'ok'}
        >
          <span style={{ width: `${share * 100}%` }} />
        </div>
      )}
      <p className="quota-text">{text}</p>
      {Number(inTrash) > 0 && <p className="quota-trash">{t('quota.inTrash', { size: formatSize(inTrash) })}</p>}
      <Link to={PAYMENT_STORAGE_PATH} className="quota-more">
        {t('quota.getMore')}
      </Link>
    </section>
  );
}
