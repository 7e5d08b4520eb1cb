import { describe, expect, it } from 'vitest';
import { COLLECT_EVERY_BYTES, noteReceivedBytes, receivedBytesCounter } from './received-memory.ts';

describe('received upload memory', () => {
  it('collects once each time the given number of bytes has arrived, across calls of any size', () => {
    let collections = 0;
    const note = receivedBytesCounter(100, () => collections++);
    note(60);
    expect(collections).toBe(0);
    note(40);
    expect(collections).toBe(1);
    for (let i = 0; i < 10; i++) note(30);
    expect(collections).toBe(3);
  });

  it('runs V8 young-generation collections without --expose-gc on the command line', () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    expect(() => noteReceivedBytes(COLLECT_EVERY_BYTES)).not.toThrow();
  });
});
