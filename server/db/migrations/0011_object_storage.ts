// Blobs in an S3-compatible store: a blob's object is the one its upload wrote (no copy after the
// last byte), so its key is recorded beside its hash. Uploads to S3 keep their progress here —
// parts sent, bytes held back for the next part, the SHA-256 state — because an unfinished
// multipart upload cannot be read back, and any server copy may receive the next PATCH.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const objectStorage: Migration = {
  async up(db: Kysely<any>) {
    // NULL: the blob lives where its hash says (the local store's layout).
    await db.schema.alterTable('blob').addColumn('storage_key', 'text').execute();
    await db.schema
      .createTable('object_upload')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('multipart_id', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('offset', 'bigint', (c) => c.notNull())
      // JSON: [{ n, etag, size }] of the parts sent.
      .addColumn('parts', 'text', (c) => c.notNull())
      // Bytes received after the last full part, kept as an object of their own until the next PATCH.
      .addColumn('held_bytes', 'bigint', (c) => c.notNull())
      // hash-wasm's saved SHA-256 state after `offset` bytes, base64.
      .addColumn('hash_state', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('object_upload').execute();
    await db.schema.alterTable('blob').dropColumn('storage_key').execute();
  },
};
