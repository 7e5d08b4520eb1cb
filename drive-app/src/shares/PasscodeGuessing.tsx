import type { ShareSummary } from '#shared/api/shares.ts';
import { formatDateTime } from '#shared/format.ts';
import { useT } from '../i18n.ts';

/**
 * Too many wrong passcodes were tried on the share from all addresses together: it takes none for a
 * while (said until when), or did once (said when), so its owner can judge whether to share anew.
 */
export function PasscodeGuessing({ share }: { share: ShareSummary }) {
  const t = useT();
  if (share.pass_code_locked_until)
    return <span className="my-share-warning">{t('myShares.passcodeLocked', { time: formatDateTime(share.pass_code_locked_until) })}</span>;
  if (share.pass_code_locked_at)
    return <span className="my-share-warning">{t('myShares.passcodeGuessed', { date: formatDateTime(share.pass_code_locked_at) })}</span>;
  return null;
}
