import { describe, expect, it } from 'vitest';
import { isProofOfWork, leadingZeroBits, solveProofOfWork } from './proof-of-work.ts';

describe('proof of work', () => {
  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x20]))).toBe(10);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds a nonce that the check accepts, as challenge.nonce', async () => {
    const token = await solveProofOfWork({ challenge: 'abc', difficulty: 8 });
    const [challenge, nonce] = token.split('.');
    expect(challenge).toBe('abc');
    expect(await isProofOfWork('abc', nonce ?? '', 8)).toBe(true);
  });

  it('refuses a nonce that does not reach the difficulty', async () => {
    // Nonce 0 rarely has 20 zero bits; find one that does not, to keep the test exact.
    let nonce = 0;
    while (await isProofOfWork('abc', String(nonce), 20)) nonce++;
    expect(await isProofOfWork('abc', String(nonce), 20)).toBe(false);
  });
});
