// Counters with a time window, kept in the process by default and in Redis when REDIS_URL is set,
// so several server copies count together (ARCHITECTURE.md: no state only one copy holds).

export type WindowCount = { count: number; resetInMs: number };

export interface CounterStore {
  /** Adds one to the key's count in the current window and answers the new count. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * Takes one back from the key's count in its current window: an attempt counted before it was
   * judged (so that attempts at once cannot pass the limit) that turned out right. Nothing when
   * the window is over.
   */
  decrement(key: string): Promise<void>;
  /** The key's count in the current window, 0 when none. */
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  /** Stores a value that can be taken back once, for `ttlMs` (proof-of-work challenges). */
  putOnce(key: string, ttlMs: number): Promise<void>;
  /** True the first time for a key that was put and has not expired; false ever after. */
  takeOnce(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const once = new Map<string, number>();
  // Expired entries are dropped as they are met and in a sweep, so the maps cannot grow unbounded.
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of counts) if (entry.resetAt <= t) counts.delete(key);
    for (const [key, expiresAt] of once) if (expiresAt <= t) once.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = current(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return { count: entry.count, resetInMs: entry.resetAt - now() };
    },
    async decrement(key) {
      const entry = current(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async peek(key) {
      const entry = current(key);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      counts.delete(key);
    },
    async putOnce(key, ttlMs) {
      once.set(key, now() + ttlMs);
    },
    async takeOnce(key) {
      const expiresAt = once.get(key);
      once.delete(key);
      return expiresAt !== undefined && expiresAt > now();
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Takes one from a counter that exists and is above zero; a missing key stays missing. */
const DECREMENT_LIVE = "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then redis.call('decr', KEYS[1]) end return 0";

/** Counters in Redis, shared by every process; its client is loaded only when Redis is used. */
export async function redisCounterStore(url: string, prefix = 'nubo:'): Promise<CounterStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async increment(key, windowMs) {
      const k = prefix + key;
      // One round trip: count, start the window on the first hit, read what is left of it.
      const [[, count], , [, ttl]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec()) as [
        [unknown, number],
        [unknown, number],
        [unknown, number],
      ];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async decrement(key) {
      // In one step on the Redis side: a window that just ended is not started again at -1.
      await redis.eval(DECREMENT_LIVE, 1, prefix + key);
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[unknown, string | null], [unknown, number]];
      return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async putOnce(key, ttlMs) {
      await redis.set(prefix + key, '1', 'PX', ttlMs);
    },
    async takeOnce(key) {
      return (await redis.del(prefix + key)) === 1;
    },
    async close() {
      await redis.quit();
    },
  };
}
