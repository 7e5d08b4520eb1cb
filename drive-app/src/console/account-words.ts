import { useT } from '../i18n.ts';

/** An account's role and status as the console says them. */
export function useAccountWords() {
  const t = useT();
  return {
    role: (role: string) => (role === 'admin' ? t('console.role.admin') : t('console.role.user')),
    status: (status: string) => (status === 'DISABLED' ? t('console.status.disabled') : t('console.status.active')),
  };
}
