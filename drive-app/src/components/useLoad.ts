import { useCallback, useEffect, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

/**
 * What a page shows from one call: loading, failed (with its error, to offer a retry) or ready.
 * `reload` asks again, keeping what is shown until the answer comes; an answer that arrives after
 * the page moved on (a newer call, or the page gone) is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): { state: Load<T>; reload: () => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const run = useCallback(() => {
    let current = true;
    load().then(
      (value) => current && setState({ status: 'ready', value }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what its call depends on
  }, deps);
  useEffect(run, [run]);
  return { state, reload: run };
}
