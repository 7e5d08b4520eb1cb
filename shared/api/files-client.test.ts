import { describe, expect, it } from 'vitest';
import type { ApiClient } from './client.ts';
import { ALL_FOLDERS, filesApi, inBatches, TRASH_FILTERS } from './files-client.ts';

/** An API client that records each call and answers `answer`. */
function recordingApi(answer: unknown = {}) {
  const calls: Array<{ method: string; path: string; data?: unknown }> = [];
  const record = (method: string) => async (path: string, data?: unknown) => {
    calls.push({ method, path, ...(data === undefined ? {} : { data }) });
    return answer;
  };
  const api = { get: record('GET'), post: record('POST'), patch: record('PATCH'), put: record('PUT'), delete: record('DELETE') } as unknown as ApiClient;
  return { api, calls };
}

describe('filesApi', () => {
  it('asks for a listing page with the stored order, the pin flag and the filters as JSON', async () => {
    const { api, calls } = recordingApi({ files: [], next_page_token: '' });
    await filesApi(api).listPage({ parentId: ALL_FOLDERS, order: 'NAME_ASC', pinFoldersTop: false, filters: TRASH_FILTERS, pageToken: 'tok' });
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/drive/v1/files',
        data: { parent_id: '*', order: 'NAME_ASC', pin_folders_top: false, filters: '{"trashed":{"eq":true}}', limit: undefined, page_token: 'tok' },
      },
    ]);
  });

  it('leaves out an empty page token and absent filters', async () => {
    const { api, calls } = recordingApi({ files: [], next_page_token: '' });
    await filesApi(api).listPage({ parentId: '', order: 6, pinFoldersTop: true, pageToken: '' });
    expect(calls[0]?.data).toMatchObject({ parent_id: '', order: 6, filters: undefined, page_token: undefined });
  });

  it('names the file in the path, escaped', async () => {
    const { api, calls } = recordingApi({ folders: [] });
    await filesApi(api).path('a/b');
    await filesApi(api).rename('f1', 'New name');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /drive/v1/files/a%2Fb/path', 'PATCH /drive/v1/files/f1']);
    expect(calls[1]?.data).toEqual({ name: 'New name' });
  });

  it('creates an upload with its size as a string of bytes', async () => {
    const { api, calls } = recordingApi({});
    await filesApi(api).createUpload({ parentId: 'p', name: 'a.bin', size: 5_000_000, mimeType: '' });
    expect(calls[0]).toEqual({ method: 'POST', path: '/drive/v1/files', data: { kind: 'drive#file', name: 'a.bin', parent_id: 'p', size: '5000000' } });
  });

  it('moves and copies to a folder, and batches the rest by ids', async () => {
    const { api, calls } = recordingApi({ files: [] });
    const files = filesApi(api);
    await files.move(['a'], 'p');
    await files.copy(['b'], '');
    await files.trash(['c']);
    await files.unstar(['d']);
    expect(calls).toEqual([
      { method: 'POST', path: '/drive/v1/files:batchMove', data: { ids: ['a'], to: { parent_id: 'p' } } },
      { method: 'POST', path: '/drive/v1/files:batchCopy', data: { ids: ['b'], to: { parent_id: '' } } },
      { method: 'POST', path: '/drive/v1/files:batchTrash', data: { ids: ['c'] } },
      { method: 'POST', path: '/drive/v1/files:unstar', data: { ids: ['d'] } },
    ]);
  });
});

describe('inBatches', () => {
  it('cuts ids into runs of at most the batch size', () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBatches([], 2)).toEqual([]);
  });

  it('empties the trash as a server task and waits until it has finished', async () => {
    const answers: unknown[] = [{ task_id: 't1' }, { phase: 'PHASE_TYPE_RUNNING' }, { phase: 'PHASE_TYPE_COMPLETE', progress: 100 }];
    const calls: string[] = [];
    const next = (method: string) => async (path: string) => {
      calls.push(`${method} ${path}`);
      return answers.shift();
    };
    const api = { get: next('GET'), patch: next('PATCH') } as unknown as ApiClient;
    await expect(filesApi(api).emptyTrash(0)).resolves.toMatchObject({ phase: 'PHASE_TYPE_COMPLETE' });
    expect(calls).toEqual(['PATCH /drive/v1/files/trash:empty', 'GET /drive/v1/tasks/t1', 'GET /drive/v1/tasks/t1']);
  });

  it('follows the copy task of a big tree until it has finished', async () => {
    const answers: unknown[] = [{ files: [], task_id: 'c1' }, { phase: 'PHASE_TYPE_RUNNING' }, { phase: 'PHASE_TYPE_COMPLETE' }];
    const calls: string[] = [];
    const next = (method: string) => async (path: string) => {
      calls.push(`${method} ${path}`);
      return answers.shift();
    };
    const api = { get: next('GET'), post: next('POST') } as unknown as ApiClient;
    await expect(filesApi(api).copy(['a'], 'p', 0)).resolves.toEqual([]);
    expect(calls).toEqual(['POST /drive/v1/files:batchCopy', 'GET /drive/v1/tasks/c1', 'GET /drive/v1/tasks/c1']);
  });

  it("fails with the task's message when emptying the trash fails", async () => {
    const answers: unknown[] = [{ task_id: 't2' }, { phase: 'PHASE_TYPE_ERROR', message: 'disk unavailable' }];
    const api = { get: async () => answers.shift(), patch: async () => answers.shift() } as unknown as ApiClient;
    await expect(filesApi(api).emptyTrash(0)).rejects.toMatchObject({ message: 'disk unavailable', error: 'internal' });
  });
});
