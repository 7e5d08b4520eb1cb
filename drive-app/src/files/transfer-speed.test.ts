import { describe, expect, it } from 'vitest';
import { createSpeedMeter } from './transfer-speed.ts';

describe('createSpeedMeter', () => {
  it('says nothing until a quarter of a second has passed', () => {
    const meter = createSpeedMeter();
    expect(meter.sample(0, 0)).toBeUndefined();
    expect(meter.sample(1000, 100)).toBeUndefined();
    expect(meter.sample(2000, 500)).toBe(4000);
  });

  it('follows the last seconds only', () => {
    const meter = createSpeedMeter(3000);
    meter.sample(0, 0);
    meter.sample(9_000_000, 1000);
    // From 1 s on the connection slows to 1 MB/s; after the window the early burst no longer counts.
    let speed: number | undefined;
    for (let second = 2; second <= 6; second++) speed = meter.sample(9_000_000 + (second - 1) * 1_000_000, second * 1000);
    expect(speed).toBeCloseTo(1_000_000, -3);
  });

  it('starts over after a reset', () => {
    const meter = createSpeedMeter();
    meter.sample(0, 0);
    meter.sample(1_000_000, 1000);
    meter.reset();
    expect(meter.sample(1_000_000, 60_000)).toBeUndefined();
    expect(meter.sample(1_500_000, 61_000)).toBe(500_000);
  });
});
