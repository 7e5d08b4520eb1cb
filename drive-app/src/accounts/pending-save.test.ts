import { describe, expect, it } from 'vitest';
import type { RestoreBody } from '#shared/api/restore.ts';
import { memoryStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';
import { forgetPendingSave, PENDING_SAVE_MS, savePending, takePendingSave } from './pending-save.ts';

const BODY: RestoreBody = { share_id: 'sh1', pass_code_token: 'token-of-the-visitor', file_ids: ['f1'] };
const AT = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('a save asked for while signed out', () => {
  it('is kept in the tab, and goes on once, for its own share, after the sign-in', () => {
    const tab = memoryStorage();
    savePending('sh1', BODY, tab, AT);
    expect(tab.getItem(STORAGE_KEYS.restoreContinue)).toBe('sh1');
    expect(takePendingSave('other', tab, AT)).toBeUndefined();
    expect(takePendingSave('sh1', tab, AT + 60_000)).toEqual(BODY);
    expect(takePendingSave('sh1', tab, AT + 60_000)).toBeUndefined();
    expect(tab.length).toBe(0);
  });

  it(`is not carried out once ${PENDING_SAVE_MS / 60_000} minutes have passed, and is dropped then`, () => {
    expect(PENDING_SAVE_MS).toBeLessThanOrEqual(15 * 60_000);
    const tab = memoryStorage();
    savePending('sh1', BODY, tab, AT);
    expect(takePendingSave('sh1', tab, AT + PENDING_SAVE_MS)).toBeUndefined();
    expect(tab.length).toBe(0);
  });

  it('is dropped at sign-out, from the tab and from local storage, where earlier versions kept it without end', () => {
    const tab = memoryStorage();
    savePending('sh1', BODY, tab, AT);
    const browser = memoryStorage({ [STORAGE_KEYS.restoreContinue]: 'sh1', [STORAGE_KEYS.restoreRequestBody]: JSON.stringify(BODY), pp_dark_mode: 'true' });
    forgetPendingSave(tab, browser);
    expect(takePendingSave('sh1', tab, AT)).toBeUndefined();
    expect(tab.length).toBe(0);
    expect(browser.getItem(STORAGE_KEYS.restoreContinue)).toBeNull();
    expect(browser.getItem(STORAGE_KEYS.restoreRequestBody)).toBeNull();
    expect(browser.getItem('pp_dark_mode')).toBe('true');
  });

  it('ignores what earlier versions left in the form they wrote it (no time it ends)', () => {
    const tab = memoryStorage({ [STORAGE_KEYS.restoreContinue]: 'sh1', [STORAGE_KEYS.restoreRequestBody]: JSON.stringify(BODY) });
    expect(takePendingSave('sh1', tab, AT)).toBeUndefined();
  });
});
