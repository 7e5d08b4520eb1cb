// A named secret shared by every server copy: made once by whichever copy asks first.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function serverSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secret')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: Date.now() })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
