import { useState } from 'react';

/** A form's sending state: whether it is under way and what failed last time. */
export function useSubmission() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>();

  /** Runs `send`; resolves true when it succeeded, false when it failed (kept in `failure`). */
  async function submit(send: () => Promise<unknown>): Promise<boolean> {
    setPending(true);
    setFailure(undefined);
    try {
      await send();
      return true;
    } catch (caught) {
      setFailure(caught);
      return false;
    } finally {
      setPending(false);
    }
  }

  return { pending, failure, submit, clearFailure: () => setFailure(undefined) };
}
