// The share page's list scrolls with the page (not in a box of its own, as the drive's does): which
// of its rows are worth putting in the page follows the window's scroll, through the same windowing
// as the drive's list (files/windowing.ts), so a folder of 100,000 entries costs one screen.
import { type RefObject, useLayoutEffect, useState } from 'react';
import { type ListWindow, listWindow } from '../files/windowing.ts';

/**
 * The rows of the list at `list` to render, for `itemCount` rows of `rowHeight` px; undefined
 * until `enabled` (before hydration every row is rendered, as the server did).
 */
export function usePageWindow(list: RefObject<HTMLElement | null>, itemCount: number, rowHeight: number, enabled: boolean): ListWindow | undefined {
  const [view, setView] = useState<{ scrollTop: number; viewportHeight: number }>();
  useLayoutEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = list.current;
      if (!element) return;
      // How far the page has scrolled past the list's top, and how much of the page is in view.
      setView({ scrollTop: -element.getBoundingClientRect().top, viewportHeight: window.innerHeight });
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [list, enabled]);
  if (!enabled || !view) return undefined;
  return listWindow({ itemCount, columns: 1, rowHeight, scrollTop: view.scrollTop, viewportHeight: view.viewportHeight });
}
