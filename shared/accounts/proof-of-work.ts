// The proof-of-work step asked for after repeated failed sign-ins (captcha_required): the client
// finds a nonce whose SHA-256 with the server's challenge starts with `difficulty` zero bits.
// Costless for one person, costly for a password-guessing script.

export type ProofOfWorkChallenge = { challenge: string; difficulty: number };

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export async function isProofOfWork(challenge: string, nonce: string, difficulty: number): Promise<boolean> {
  return leadingZeroBits(await sha256(`${challenge}:${nonce}`)) >= difficulty;
}

/** Finds a nonce; the answer to send is `${challenge}.${nonce}` as the captcha_token. */
export async function solveProofOfWork({ challenge, difficulty }: ProofOfWorkChallenge): Promise<string> {
  for (let nonce = 0; ; nonce++) {
    if (await isProofOfWork(challenge, String(nonce), difficulty)) return `${challenge}.${nonce}`;
  }
}
