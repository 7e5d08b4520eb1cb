import { useT } from '../i18n.ts';
import { BusyNotice } from './BusyNotice.tsx';
import { FailureNotice } from './FailureNotice.tsx';
import type { Load } from './useLoad.ts';

/** What a page says while its call (useLoad) is under way or after it failed, with a retry; nothing once ready. */
export function LoadNotice({ state, reload }: { state: Load<unknown>; reload: () => void }) {
  const t = useT();
  if (state.status === 'loading') return <BusyNotice text={t('drive.loading')} />;
  if (state.status === 'failed') return <FailureNotice failure={state.error} onRetry={reload} />;
  return null;
}
