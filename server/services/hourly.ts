// The server's housekeeping that runs every hour (expired uploads, accounts whose grace period
// ended): a failure is logged and the next hour tries again.

const HOUR_MS = 60 * 60_000;

/** Runs `job` every hour in the background; answers how to stop. */
export function everyHour(job: () => Promise<unknown>, log: { error(failure: unknown): void }): () => void {
  const timer = setInterval(() => void job().catch((failure: unknown) => log.error(failure)), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
