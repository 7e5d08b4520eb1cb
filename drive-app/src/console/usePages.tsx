import { useState } from 'react';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';

export type Page<T> = { items: T[]; next: string };

/**
 * A list read page by page (the API's page tokens): the first page as it loads, then each further
 * page added below when asked for, with the button that asks and what failed.
 */
export function usePages<T>(loadPage: (token: string) => Promise<Page<T>>, deps: readonly unknown[]) {
  const t = useT();
  const { state, reload } = useLoad(() => loadPage(''), deps);
  const [more, setMore] = useState<Page<T>>();
  const { pending, failure, submit } = useSubmission();
  const first = state.status === 'ready' ? state.value : undefined;
  const next = more ? more.next : (first?.next ?? '');
  const loadMore = () =>
    void submit(async () => {
      const page = await loadPage(next);
      setMore({ items: [...(more?.items ?? []), ...page.items], next: page.next });
    });
  const moreButton = (
    <>
      {failure !== undefined && <FailureNotice failure={failure} />}
      {next && (
        <button type="button" className="button secondary" disabled={pending} onClick={loadMore}>
          {t('console.more')}
        </button>
      )}
    </>
  );
  return {
    state,
    reload: () => {
      setMore(undefined);
      reload();
    },
    items: [...(first?.items ?? []), ...(more?.items ?? [])],
    moreButton,
  };
}
