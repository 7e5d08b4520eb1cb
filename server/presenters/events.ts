// The recent list as the API shows it (API.md Event): what happened, to which file, and the file
// as it is now when it is still in the drive.
import type { DriveEvent } from '#shared/api/files.ts';
import type { EventRow } from '../db/repositories/events.ts';
import type { FileRow } from '../db/repositories/files.ts';
import type { EventType } from '../db/schema.ts';
import { presentFile } from './files.ts';

/** The type in words (English); apps show their own translation of `type`. */
const EVENT_TYPE_NAMES: Record<EventType, string> = {
  TYPE_UPLOAD: 'Uploaded',
  TYPE_CREATE_FOLDER: 'Created folder',
  TYPE_RENAME: 'Renamed',
  TYPE_MOVE: 'Moved',
  TYPE_COPY: 'Copied',
  TYPE_TRASH: 'Moved to trash',
  TYPE_UNTRASH: 'Restored from trash',
  TYPE_DELETE: 'Deleted for ever',
  TYPE_RESTORE: 'Saved from a share',
};

export function presentEvent({ event, file }: { event: EventRow; file: FileRow | undefined }): DriveEvent {
  return {
    kind: 'drive#event',
    type: event.type,
    type_name: EVENT_TYPE_NAMES[event.type],
    file_id: event.file_id,
    file_name: event.file_name,
    created_time: new Date(event.created_at).toISOString(),
    ...(file ? { reference_resource: presentFile(file) } : {}),
  };
}
