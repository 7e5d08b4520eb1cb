// The server's housekeeping that runs every hour (expired uploads, accounts whose grace period
// ended, what is kept only for a while): a failure is logged and the next hour tries again.

const HOUR_MS = 60 * 60_000;

/** Runs `job` every hour in the background; answers how to stop. */
export function everyHour(job: () => Promise<unknown>, log: { error(failure: unknown): void }): () => void {
  const timer = setInterval(() => void job().catch((failure: unknown) => log.error(failure)), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Rows deleted by one statement: short enough that requests waiting on the database hardly notice. */
export const DELETE_BATCH = 1_000;
/**
 * Batches of one kind deleted in one run at most: a backlog (the first run after an upgrade) goes
 * over several hours rather than in one run that would last into the next.
 */
export const MAX_BATCHES_PER_RUN = 1_000;

/** Calls `deleteBatch` until it deletes fewer rows than a batch, or the run's share is used; answers how many went. */
export async function deleteInBatches(deleteBatch: (batch: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let run = 0; run < MAX_BATCHES_PER_RUN; run += 1) {
    const count = await deleteBatch(DELETE_BATCH);
    deleted += count;
    if (count < DELETE_BATCH) break;
  }
  return deleted;
}
