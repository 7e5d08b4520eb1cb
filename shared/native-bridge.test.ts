import { describe, expect, it, vi } from 'vitest';
import { createNativeBridge } from './native-bridge.ts';

describe('the native bridge', () => {
  it('is absent outside the app', () => {
    expect(createNativeBridge({})).toBeUndefined();
  });

  it('sends requests as JSON to the Android entry point and resolves them with the answer of the same id', async () => {
    const sent: string[] = [];
    const win: Parameters<typeof createNativeBridge>[0] = { NuboNative: { postMessage: (message) => sent.push(message) } };
    let n = 0;
    const bridge = createNativeBridge(win, { newId: () => `r${++n}` })!;
    const metadata = bridge.request('getAppMetadata');
    expect(JSON.parse(sent[0]!)).toEqual({ id: 'r1', type: 'getAppMetadata', payload: {} });
    win.nuboBridge!.receive(JSON.stringify({ id: 'other', ok: true, payload: { language: 'ko' } }));
    win.nuboBridge!.receive({ id: 'r1', ok: true, payload: { language: 'ja' } });
    await expect(metadata).resolves.toEqual({ language: 'ja' });
  });

  it('posts objects to the iOS handler, and fails a refused request with its reason', async () => {
    const sent: unknown[] = [];
    const win: Parameters<typeof createNativeBridge>[0] = { webkit: { messageHandlers: { nubo: { postMessage: (message) => sent.push(message) } } } };
    const bridge = createNativeBridge(win, { newId: () => 'x' })!;
    const code = bridge.request('requestLoginAuthCode', { code_challenge: 'c' });
    expect(sent).toEqual([{ id: 'x', type: 'requestLoginAuthCode', payload: { code_challenge: 'c' } }]);
    win.nuboBridge!.receive({ id: 'x', ok: false, error: 'not signed in' });
    await expect(code).rejects.toThrow('the app refused: not signed in');
  });

  it('gives up on a request the app never answers', async () => {
    vi.useFakeTimers();
    try {
      const bridge = createNativeBridge({ NuboNative: { postMessage: () => {} } }, { timeoutMs: 1000 })!;
      const info = bridge.request('getUserInfo');
      vi.advanceTimersByTime(1000);
      await expect(info).rejects.toThrow('did not answer getUserInfo within 1000 ms');
    } finally {
      vi.useRealTimers();
    }
  });
});
