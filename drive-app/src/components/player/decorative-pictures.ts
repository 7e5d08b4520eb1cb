// The seek bar's preview picture (Vidstack draws it as an <img> with no text alternative) only
// shows the moment whose time is written beside it: it is marked decorative (alt=""), so screen
// readers pass over it instead of reading out its address.

import type { MediaPlayerInstance } from '@vidstack/react';
import { type RefObject, useEffect } from 'react';

export function useDecorativePictures(player: RefObject<MediaPlayerInstance | null>, shown: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the player exists once something is shown; `shown` is what asks again
  useEffect(() => {
    const root = player.current?.el;
    if (!root) return;
    const mark = () => {
      for (const image of root.querySelectorAll('img:not([alt])')) image.setAttribute('alt', '');
    };
    mark();
    const watcher = new MutationObserver(mark);
    watcher.observe(root, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [shown]);
}
