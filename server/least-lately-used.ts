// A bounded cache for what popular things are made from (a viral share's rows, its rendered page).
/**
 * Entries by key, up to `max` of what they weigh in all: the one asked for least lately goes first,
 * so a viral link's entries stay while one-off visits pass through.
 */
export function leastLatelyUsed<T>(max: number, weigh: (entry: T) => number) {
  const entries = new Map<string, T>();
  let total = 0;
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (entry !== undefined) {
        // Map keeps insertion order: a hit moves to the end, the least lately used stays first.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key: string, entry: T) {
      const old = entries.get(key);
      if (old !== undefined) {
        entries.delete(key);
        total -= weigh(old);
      }
      if (weigh(entry) > max) return;
      entries.set(key, entry);
      total += weigh(entry);
      for (const [oldest, each] of entries) {
        if (total <= max) break;
        entries.delete(oldest);
        total -= weigh(each);
      }
    },
  };
}
