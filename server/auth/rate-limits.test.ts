import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, memoryCounterStore, redisCounterStore } from './rate-limits.ts';

// The machine's Redis (CI and development machines both run one); keys carry a run prefix.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let clock = 1_000_000;
const stores: Array<[string, CounterStore, (ms: number) => Promise<void>]> = [
  [
    'memory',
    memoryCounterStore(() => clock),
    async (ms) => {
      clock += ms;
    },
  ],
  ['redis', await redisCounterStore(REDIS_URL, `nubo-test:${randomBytes(6).toString('hex')}:`), (ms) => new Promise((r) => setTimeout(r, ms))],
];

afterAll(async () => {
  for (const [, store] of stores) await store.close();
});

describe.each(stores)('%s counter store', (_name, store, wait) => {
  it('counts within a window and starts again after it', async () => {
    expect((await store.increment('a', 200)).count).toBe(1);
    const second = await store.increment('a', 200);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(200);
    expect((await store.peek('a')).count).toBe(2);
    await wait(250);
    expect((await store.peek('a')).count).toBe(0);
    expect((await store.increment('a', 200)).count).toBe(1);
  });

  it('takes one back within the window, never below zero, and starts no window that is over', async () => {
    for (let i = 0; i < 3; i++) await store.increment('d', 200);
    await store.decrement('d');
    expect((await store.peek('d')).count).toBe(2);
    expect((await store.increment('d', 200)).count).toBe(3);
    await store.decrement('never-counted');
    expect((await store.peek('never-counted')).count).toBe(0);
    await store.increment('e', 200);
    await store.decrement('e');
    await store.decrement('e');
    expect((await store.peek('e')).count).toBe(0);
    await wait(250);
    await store.decrement('d');
    expect((await store.peek('d')).count).toBe(0);
    expect((await store.increment('d', 200)).count).toBe(1);
  });

  it('keeps keys apart and resets one', async () => {
    await store.increment('b', 10_000);
    await store.increment('c', 10_000);
    await store.reset('b');
    expect((await store.peek('b')).count).toBe(0);
    expect((await store.peek('c')).count).toBe(1);
  });

  it('gives a put value back once, and not after it expired', async () => {
    await store.putOnce('x', 10_000);
    expect(await store.takeOnce('x')).toBe(true);
    expect(await store.takeOnce('x')).toBe(false);
    expect(await store.takeOnce('never-put')).toBe(false);
    await store.putOnce('y', 100);
    await wait(150);
    expect(await store.takeOnce('y')).toBe(false);
  });
});
