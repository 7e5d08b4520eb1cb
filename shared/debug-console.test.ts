import { describe, expect, it } from 'vitest';
import {
  createDebugConsoleTrigger,
  DEBUG_CONSOLE_CLICKS,
  DEBUG_CONSOLE_MAX_GAP_MS,
  isDebugConsoleEnvironment,
  remoteAllowsDebugConsole,
  shouldOpenDebugConsole,
} from './debug-console.ts';

function clickAt(times: number[], trigger = createDebugConsoleTrigger()): boolean[] {
  return times.map((at) => trigger.click(at));
}

describe('createDebugConsoleTrigger', () => {
  it('needs 5 clicks, each within 200 ms of the last', () => {
    expect(DEBUG_CONSOLE_CLICKS).toBe(5);
    expect(DEBUG_CONSOLE_MAX_GAP_MS).toBe(200);
  });

  it('answers true on the fifth quick click and not before', () => {
    expect(clickAt([1000, 1100, 1200, 1300, 1400])).toEqual([false, false, false, false, true]);
  });

  it('keeps answering true for further quick clicks', () => {
    expect(clickAt([0, 50, 100, 150, 200, 250, 300])).toEqual([false, false, false, false, true, true, true]);
  });

  it('counts a click exactly 200 ms after the previous one as quick', () => {
    expect(clickAt([0, 200, 400, 600, 800])).toEqual([false, false, false, false, true]);
  });

  it('restarts the count at 1 after a click 201 ms late', () => {
    expect(clickAt([0, 100, 200, 300, 501, 600, 700, 800, 900])).toEqual([false, false, false, false, false, false, false, false, true]);
  });

  it('judges each gap separately, not the whole run', () => {
    expect(clickAt([0, 190, 380, 570, 760])).toEqual([false, false, false, false, true]);
  });

  it('restarts when the clock goes backwards', () => {
    expect(clickAt([1000, 1100, 1200, 1300, 900])).toEqual([false, false, false, false, false]);
  });

  it('keeps separate counts for separate triggers', () => {
    const first = createDebugConsoleTrigger();
    const second = createDebugConsoleTrigger();
    clickAt([0, 10, 20, 30], first);
    expect(second.click(40)).toBe(false);
    expect(first.click(40)).toBe(true);
  });

  it('takes another click count and gap when asked', () => {
    const trigger = createDebugConsoleTrigger({ clicks: 3, maxGapMs: 50 });
    expect(clickAt([0, 50, 100], trigger)).toEqual([false, false, true]);
    expect(clickAt([0, 60, 120], createDebugConsoleTrigger({ clicks: 3, maxGapMs: 50 }))).toEqual([false, false, false]);
  });
});

describe('shouldOpenDebugConsole', () => {
  it('opens only when triggered, in a passing environment, with remote permission', () => {
    expect(shouldOpenDebugConsole({ triggered: true, environmentOk: true, remoteAllows: true })).toBe(true);
  });

  it('stays closed when any one condition fails', () => {
    expect(shouldOpenDebugConsole({ triggered: false, environmentOk: true, remoteAllows: true })).toBe(false);
    expect(shouldOpenDebugConsole({ triggered: true, environmentOk: false, remoteAllows: true })).toBe(false);
    expect(shouldOpenDebugConsole({ triggered: true, environmentOk: true, remoteAllows: false })).toBe(false);
  });
});

describe('remoteAllowsDebugConsole', () => {
  it('reads value.values.debug_options.allow_vconsole', () => {
    expect(remoteAllowsDebugConsole({ value: { values: { debug_options: { allow_vconsole: true } } } })).toBe(true);
    expect(remoteAllowsDebugConsole({ value: { values: { debug_options: { allow_vconsole: false } } } })).toBe(false);
  });

  it('says no to anything malformed, a truthy string included', () => {
    for (const answer of [null, undefined, {}, { value: {} }, { value: { values: { debug_options: { allow_vconsole: 'true' } } } }, 'yes']) {
      expect(remoteAllowsDebugConsole(answer)).toBe(false);
    }
  });
});

describe('isDebugConsoleEnvironment', () => {
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

  it('passes in a browser on an http(s) page', () => {
    expect(isDebugConsoleEnvironment({ userAgent: browser, protocol: 'https:' })).toBe(true);
    expect(isDebugConsoleEnvironment({ userAgent: browser, protocol: 'http:' })).toBe(true);
  });

  it('fails for crawlers and for pages opened from a file', () => {
    expect(isDebugConsoleEnvironment({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)', protocol: 'https:' })).toBe(false);
    expect(isDebugConsoleEnvironment({ userAgent: browser, protocol: 'file:' })).toBe(false);
  });
});
