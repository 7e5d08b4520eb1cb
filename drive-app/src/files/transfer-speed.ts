// An upload's speed as people read it: bytes over the last few seconds, so it follows a changing
// connection without jumping at every progress event, and says nothing until it has a basis.

export type SpeedMeter = {
  /** Records that `bytes` in total had been sent at `at` (ms); answers bytes per second, if known. */
  sample(bytes: number, at: number): number | undefined;
  /** Forgets the history, e.g. after a pause, so the pause does not count as slowness. */
  reset(): void;
};

export function createSpeedMeter(windowMs = 3000, minimumSpanMs = 250): SpeedMeter {
  let samples: Array<{ bytes: number; at: number }> = [];
  return {
    sample(bytes, at) {
      samples.push({ bytes, at });
      // Keep one sample at or before the window's start, so the span covers the whole window.
      while (samples.length > 2 && samples[1]!.at <= at - windowMs) samples.shift();
      const first = samples[0]!;
      const span = at - first.at;
      if (span < minimumSpanMs) return undefined;
      return Math.max(0, ((bytes - first.bytes) * 1000) / span);
    },
    reset() {
      samples = [];
    },
  };
}
