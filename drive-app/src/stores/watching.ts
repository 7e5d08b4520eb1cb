// What the drive shows of its video and audio files: length, poster frame and where the person
// stopped. Tiles ask for their file as they appear; the asks of one render go out together as one
// lookup (one query on the server for the page shown, never one per file), and the answers are
// kept until the drive changes or a file's position is saved.
import { map } from 'nanostores';
import { WATCHED_SHARE, type WatchingItem } from '#shared/api/watching.ts';
import { driveWatching } from '../api.ts';
import { appEvents } from '../events.ts';

/** Each file's facts once asked for; missing while the lookup is under way. */
export const $watching = map<Record<string, WatchingItem>>({});

/** The most one lookup carries (the server takes as many). */
const LOOKUP_MAX = 500;

const wanted = new Set<string>();
const asked = new Set<string>();
let flushing = false;

async function flush(): Promise<void> {
  flushing = false;
  const ids = [...wanted];
  wanted.clear();
  for (let at = 0; at < ids.length; at += LOOKUP_MAX) {
    const batch = ids.slice(at, at + LOOKUP_MAX);
    try {
      const { files } = await driveWatching.lookup({ ids: batch });
      for (const item of files) $watching.setKey(item.file_id, item);
    } catch {
      // Without the facts a tile shows its icon; it is asked again after the next change.
      for (const id of batch) asked.delete(id);
    }
  }
}

/** Asks for a file's facts, with the others asked for in the same render. */
export function askWatching(fileId: string): void {
  if (asked.has(fileId)) return;
  asked.add(fileId);
  wanted.add(fileId);
  if (!flushing) {
    flushing = true;
    queueMicrotask(() => void flush());
  }
}

/** Shows a position saved by the player at once, without asking the server. */
export function showPosition(fileId: string, position: number, duration: number): void {
  const known = $watching.get()[fileId];
  if (known) $watching.setKey(fileId, { ...known, position: duration > 0 && position >= duration * WATCHED_SHARE ? 0 : position });
}

function forget(): void {
  asked.clear();
  $watching.set({});
}

appEvents.on('drive-changed', forget);
appEvents.on('logout-success', forget);
