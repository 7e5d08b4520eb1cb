import type { MessageKey } from '#shared/i18n/translator.ts';
import { useT } from '../i18n.ts';

const STATUS_LABELS: Record<string, MessageKey> = {
  ACTIVE: 'console.status.active',
  DISABLED: 'console.status.disabled',
  DELETING: 'console.status.deleting',
  DELETED: 'console.status.deleted',
};

/** An account's role and status as the console says them. */
export function useAccountWords() {
  const t = useT();
  return {
    role: (role: string) => (role === 'admin' ? t('console.role.admin') : t('console.role.user')),
    status: (status: string) => t(STATUS_LABELS[status] ?? 'console.status.active'),
  };
}
