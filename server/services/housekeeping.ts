// What Nubo keeps only for a while, and the hourly sweep that deletes the rest (README: "What Nubo
// keeps, and for how long"). Each kind goes in batches found through an index on its age, so a run
// costs little however much is stored, and a backlog is worked off over several runs.
import type { Kysely } from 'kysely';
import { DAY_MS, monthOf } from '../calendar.ts';
import { accountTokensRepository } from '../db/repositories/account-tokens.ts';
import { accountsRepository } from '../db/repositories/accounts.ts';
import { blobsRepository } from '../db/repositories/blobs.ts';
import { deviceSignInRepository } from '../db/repositories/device-sign-in.ts';
import { premiumRepository } from '../db/repositories/premium.ts';
import { purchasesRepository } from '../db/repositories/purchases.ts';
import type { Database } from '../db/schema.ts';
import { sweepThumbnailShelf, THUMBNAIL_SHELVES } from '../storage/thumbnails.ts';
import type { FilesService } from './files.ts';
import { deleteInBatches } from './hourly.ts';
import type { OfflineService } from './offline.ts';
import type { TasksService } from './tasks.ts';
import type { ThumbnailsService } from './thumbnails.ts';
import type { WatchingService } from './watching.ts';

const HOUR_MS = 60 * 60_000;

/** How long what is kept only for a while is kept. */
const RETENTION = {
  /**
   * A session goes this long after it could last have been renewed (revoked or not): nothing shows
   * an ended session, but a sign-in from a device used within this time is not told of by mail.
   */
  sessionDays: 90,
  /** A mailed link goes this long after it expired, used or not: it opens nothing any more. */
  accountLinkDays: 1,
  /** A device sign-in's codes go this long after they expired, used or not: they let nothing in any more. */
  deviceSignInDays: 1,
  /**
   * A payment provider's event is remembered this long, so a delivery repeated is handled once:
   * Stripe retries for three days and lets an operator resend an event for thirty.
   */
  paymentEventDays: 90,
  /** A task that finished (done or failed) goes this long after; the files it made stay. */
  finishedTaskDays: 30,
  /** Half-made thumbnails a stopped server left go once untouched this long. */
  halfMadeThumbnailMs: HOUR_MS,
} as const;

/** The month before a month given as year × 100 + month. */
const monthBefore = (month: number) => (month % 100 === 1 ? month - 100 + 11 : month - 1);

/** Posters made in one run for videos stored before posters were made: each is one ffmpeg run of a second or two. */
const POSTERS_PER_RUN = 50;

/** Hashes asked about in one query while thumbnails are swept. */
const HASH_CHUNK = 500;

export function housekeepingService(deps: {
  db: Kysely<Database>;
  files: Pick<FilesService, 'pruneRecent'>;
  tasks: Pick<TasksService, 'pruneFinished'>;
  offline?: Pick<OfflineService, 'sweepGoneWork'>;
  /** Keeps each person's newest playing positions and folder language choices (services/watching.ts). */
  watching?: Pick<WatchingService, 'prune'>;
  /** Makes the posters of videos stored before posters were made, a few an hour. */
  thumbnails?: Pick<ThumbnailsService, 'makeMissingPosters'>;
  /** Where thumbnails are kept on this machine (the blob store's derivedDir). */
  derivedDir?: string;
  now?: () => number;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function storedAmong(hashes: string[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (let at = 0; at < hashes.length; at += HASH_CHUNK) {
      for (const hash of await blobsRepository(db).recordedAmong(hashes.slice(at, at + HASH_CHUNK))) stored.add(hash);
    }
    return stored;
  }

  return {
    /**
     * One run: each kind in turn, and one that fails keeps none of the others from going (the
     * failures are thrown together at the end, for the log). Answers how many of each went.
     */
    async sweep(at = now()): Promise<Record<string, number>> {
      const steps: Record<string, () => Promise<number>> = {
        recentEvents: () => deps.files.pruneRecent(at),
        sessions: () => deleteInBatches((batch) => accountsRepository(db).deleteSessionsRenewableBefore(at - RETENTION.sessionDays * DAY_MS, batch)),
        accountLinks: () => deleteInBatches((batch) => accountTokensRepository(db).deleteExpiredBefore(at - RETENTION.accountLinkDays * DAY_MS, batch)),
        deviceSignIns: () => deleteInBatches((batch) => deviceSignInRepository(db).deleteExpiredBefore(at - RETENTION.deviceSignInDays * DAY_MS, batch)),
        paymentEvents: () => deleteInBatches((batch) => purchasesRepository(db).deleteEventsReceivedBefore(at - RETENTION.paymentEventDays * DAY_MS, batch)),
        // A month's download count is read while the month lasts; last month's stays through this one.
        trafficMonths: () => deleteInBatches((batch) => premiumRepository(db).deleteTrafficBefore(monthBefore(monthOf(at)), batch)),
        finishedTasks: () => deps.tasks.pruneFinished(at - RETENTION.finishedTaskDays * DAY_MS),
        offlineWork: () => deps.offline?.sweepGoneWork() ?? Promise.resolve(0),
        watching: () => (deps.watching ? deps.watching.prune() : Promise.resolve(0)),
        posters: () => (deps.thumbnails ? deps.thumbnails.makeMissingPosters(POSTERS_PER_RUN) : Promise.resolve(0)),
        // One shelf an hour: every thumbnail is looked at every 256 hours (under eleven days).
        thumbnails: () =>
          deps.derivedDir
            ? sweepThumbnailShelf(deps.derivedDir, Math.floor(at / HOUR_MS) % THUMBNAIL_SHELVES, storedAmong, at - RETENTION.halfMadeThumbnailMs)
            : Promise.resolve(0),
      };
      const swept: Record<string, number> = {};
      const failures: unknown[] = [];
      for (const [kind, step] of Object.entries(steps)) {
        try {
          swept[kind] = await step();
        } catch (failure) {
          failures.push(failure);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, 'the hourly housekeeping could not sweep everything; the next hour tries again');
      return swept;
    },
  };
}
