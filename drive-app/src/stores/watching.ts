// What the drive shows of its video and audio files: length, poster frame and where the person
// stopped. Tiles ask for their file as they appear; the asks of one render go out together as one
// lookup (one query on the server for the page shown, never one per file), and the answers are
// kept until the drive changes or a file's position is saved. A video just uploaded has its poster
// made by a task a few seconds later: its tile asks again a few times, a while apart, until it shows.
import { map } from 'nanostores';
import { WATCHED_SHARE, type WatchingItem } from '#shared/api/watching.ts';
import { driveWatching } from '../api.ts';
import { appEvents } from '../events.ts';

/** Each file's facts once asked for; missing while the lookup is under way. */
export const $watching = map<Record<string, WatchingItem>>({});

/** The most one lookup carries (the server takes as many). */
const LOOKUP_MAX = 500;
/** How often, and how far apart, a video without its poster yet is asked about again. */
const POSTER_ASKS = 3;
const POSTER_WAIT_MS = 5_000;

const wanted = new Set<string>();
const asked = new Set<string>();
/** Videos awaiting their poster, with how many times they were asked about. */
const awaitingPoster = new Map<string, number>();
/** Videos to ask about again together, once the wait is over. */
const later = new Set<string>();
let flushing = false;

async function flush(): Promise<void> {
  flushing = false;
  const ids = [...wanted];
  wanted.clear();
  for (let at = 0; at < ids.length; at += LOOKUP_MAX) {
    const batch = ids.slice(at, at + LOOKUP_MAX);
    try {
      const { files } = await driveWatching.lookup({ ids: batch });
      for (const item of files) {
        $watching.setKey(item.file_id, item);
        const asks = awaitingPoster.get(item.file_id);
        if (asks === undefined) continue;
        if (item.thumbnail_link || asks >= POSTER_ASKS) awaitingPoster.delete(item.file_id);
        else askLater(item.file_id);
      }
    } catch {
      // Without the facts a tile shows its icon; it is asked again after the next change.
      for (const id of batch) asked.delete(id);
    }
  }
}

/** Asks for a file's facts, with the others asked for in the same render; a video's until its poster shows. */
export function askWatching(fileId: string, video: boolean): void {
  if (asked.has(fileId)) return;
  if (video && !awaitingPoster.has(fileId)) awaitingPoster.set(fileId, 0);
  asked.add(fileId);
  want(fileId);
}

function askLater(fileId: string): void {
  if (later.size === 0) setTimeout(askAgain, POSTER_WAIT_MS);
  later.add(fileId);
}

function askAgain(): void {
  for (const fileId of later) {
    const asks = awaitingPoster.get(fileId);
    if (asks === undefined || !asked.has(fileId)) continue;
    awaitingPoster.set(fileId, asks + 1);
    want(fileId);
  }
  later.clear();
}

function want(fileId: string): void {
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
  awaitingPoster.clear();
  later.clear();
  $watching.set({});
}

appEvents.on('drive-changed', forget);
appEvents.on('logout-success', forget);
