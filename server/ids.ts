// Identifiers and secrets. Ids are 26 random base-32 characters (128 bits): unguessable and
// URL-safe (API.md). Secrets are 256 random bits; only their SHA-256 is ever stored.
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function newId(): string {
  let id = '';
  // The low 5 bits of each random byte are uniform: 26 characters carry 130 random bits.
  for (const byte of randomBytes(26)) id += BASE32[byte & 31];
  return id;
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Signs and checks payloads with a server key (links, tokens). The key is prepared once: turning
 * raw bytes into a key on every signature was a measurable share of a busy server's time.
 */
export function signer(key: Buffer) {
  const secretKey = createSecretKey(key);
  const sign = (payload: string) => createHmac('sha256', secretKey).update(payload).digest('base64url');
  return {
    sign,
    /** True when `signature` is this key's signature of `payload`, compared in constant time. */
    verify(payload: string, signature: string): boolean {
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type Signer = ReturnType<typeof signer>;

let lastMs = 0;
let counter = 0;

/**
 * An id that sorts in creation order within this process (time, then a counter, then randomness),
 * for logs where two entries of the same millisecond must keep their order.
 */
export function orderedId(at: number = Date.now()): string {
  counter = at === lastMs ? counter + 1 : 0;
  lastMs = at;
  return at.toString(36).padStart(10, '0') + counter.toString(36).padStart(4, '0') + newId().slice(0, 12);
}
