// The parts every React island of the site is built from: its strings, its live status line, and
// knowing when it has hydrated.
import { useEffect, useMemo, useState } from 'react';
import { type IslandMessages, type IslandText, islandText } from './island.ts';

export type IslandProps = { messages: IslandMessages };

export type Status = { message: string; kind: 'info' | 'success' | 'error' };

export function useIslandText(messages: IslandMessages): IslandText {
  return useMemo(() => islandText(messages), [messages]);
}

/**
 * True once the island runs in the browser. Its controls are rendered only then: in the page's
 * HTML before hydration, a click or an Enter would do nothing (or submit the form to nowhere).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The island's live region; the kind styles it. It stays in the page, empty, between messages: a
 * live region that appears with its text is not always read out.
 */
export function StatusLine({ status }: { status: Status | undefined }) {
  return (
    <p className="status" role="status" aria-live="polite" data-kind={status?.kind}>
      {status?.message}
    </p>
  );
}
