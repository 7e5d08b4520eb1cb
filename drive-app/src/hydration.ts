// The share page is rendered by the server first and then taken over by the browser (hydrated).
// What only the browser knows (the remembered theme, who is signed in, the visitor's time zone)
// must not differ in that first browser render, or React throws the server's HTML away.
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while rendering on the server and while hydrating its HTML, true from then on (and
 * always on pages the browser renders alone): a component shows browser-only state behind it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
