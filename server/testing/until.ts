// Waiting in tests for what the server does in the background (a task that ends, a download
// under way): the probe is asked again every 50 ms until its answer is the one awaited.

/** Asks `probe` until `done` holds for its answer, for at most `seconds`; `what` names it when it never does. */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string, seconds = 30): Promise<T> {
  for (let waited = 0; waited < seconds * 1000; waited += 50) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not reached in ${seconds} s: ${what}`);
}
