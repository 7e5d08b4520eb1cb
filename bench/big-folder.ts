// A folder of many files, written straight into the database (the API would take minutes for
// 100,000): names in order, sizes and dates spread, as a photo dump or a log folder has them.
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.ts';
import { newId } from '../server/ids.ts';

export async function fillFolder(db: Kysely<Database>, userId: string, folderId: string, count: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
      const n = start + i;
      return {
        id: newId(),
        user_id: userId,
        parent_id: folderId,
        kind: 'drive#file' as const,
        name: `file-${String(n).padStart(6, '0')}.txt`,
        file_extension: 'txt',
        size: (n * 7919) % 100_000,
        mime_type: 'text/plain',
        hash: null,
        phase: 'PHASE_TYPE_COMPLETE',
        created_at: now - n * 1000,
        modified_at: now - ((n * 104_729) % count) * 1000,
        starred_at: null,
        trashed_at: null,
        trash_root_id: null,
      };
    });
    await db.insertInto('file').values(rows).execute();
  }
}
