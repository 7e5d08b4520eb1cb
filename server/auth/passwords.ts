// Password hashing with argon2id. The cost is set so one verification takes about 55 ms on the
// 2-core machines Nubo is measured on (npm run bench), keeping a sign-in under 100 ms.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package declares it as a const enum, which exists only in its types. */
const ARGON2ID_ALGORITHM = 2 as Algorithm;

const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 47_104, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Checked against when the account does not exist, so that answer takes as long as a wrong
// password. Made on first need, not at start.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('nubo-dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
