// The end of a paged list: its "show more" control loads the next page by itself as it scrolls
// into view; pressing it does the same, for the keyboard and for browsers that never report it.
import { useCallback, useRef } from 'react';

/** A ref for the element at the end of a list: `onNearEnd` runs each time it comes into view. */
export function useNearEnd(onNearEnd: () => void): (element: Element | null) => void {
  const observer = useRef<IntersectionObserver>(undefined);
  return useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      if (!element) return;
      observer.current = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onNearEnd());
      observer.current.observe(element);
    },
    [onNearEnd],
  );
}
