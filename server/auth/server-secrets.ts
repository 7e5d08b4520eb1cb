// A named secret shared by every server copy: made once by whichever copy asks first.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { serverSecretsRepository } from '../db/repositories/server-secrets.ts';
import type { Database } from '../db/schema.ts';

export async function serverSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  const secrets = serverSecretsRepository(db);
  await secrets.insertIfAbsent(name, randomBytes(32).toString('base64url'), Date.now());
  return Buffer.from(await secrets.valueOf(name), 'base64url');
}
