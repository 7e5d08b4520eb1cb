// The hidden debug console (SPEC §4, §9): five quick clicks ask for it, and it opens only where the
// environment check passes and the remote config allows it.

export const DEBUG_CONSOLE_CLICKS = 5;
export const DEBUG_CONSOLE_MAX_GAP_MS = 200;

export type DebugConsoleTriggerOptions = { clicks?: number; maxGapMs?: number };
export type DebugConsoleTrigger = { click(atMs: number): boolean };

/**
 * Counts a run of quick clicks; answers true from the fifth click of a run on. A click more than
 * 200 ms after the previous one (or before it, if the clock went back) starts a new run.
 */
export function createDebugConsoleTrigger(options: DebugConsoleTriggerOptions = {}): DebugConsoleTrigger {
  const clicksNeeded = options.clicks ?? DEBUG_CONSOLE_CLICKS;
  const maxGapMs = options.maxGapMs ?? DEBUG_CONSOLE_MAX_GAP_MS;
  let run = 0;
  let lastClickAt: number | undefined;
  return {
    click(atMs) {
      const gap = lastClickAt === undefined ? Number.NaN : atMs - lastClickAt;
      run = gap >= 0 && gap <= maxGapMs ? run + 1 : 1;
      lastClickAt = atMs;
      return run >= clicksNeeded;
    },
  };
}

export function shouldOpenDebugConsole(state: { triggered: boolean; environmentOk: boolean; remoteAllows: boolean }): boolean {
  return state.triggered && state.environmentOk && state.remoteAllows;
}
