import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import type { DriveFile, FileList } from '#shared/api/files.ts';
import type { FileListRequest } from '#shared/api/files-client.ts';
import { createFileListing, createPagedListing, type ListingQuery } from './file-listing.ts';

const QUERY: ListingQuery = { parentId: '', order: 6, pinFoldersTop: true };

const item = (n: number) => ({ id: `f${n}`, name: `file ${n}` }) as DriveFile;

/** A folder of `count` items served in keyset pages: the token is the index to go on from. */
function pagedFolder(count: number) {
  const requests: FileListRequest[] = [];
  const listPage = vi.fn(async (request: FileListRequest): Promise<FileList> => {
    requests.push(request);
    const from = Number(request.pageToken ?? 0);
    const to = Math.min(count, from + (request.limit ?? 100));
    return { kind: 'drive#fileList', files: Array.from({ length: to - from }, (_, i) => item(from + i)), next_page_token: to < count ? String(to) : '' };
  });
  return { listPage, requests };
}

const shownIds = (listing: ReturnType<typeof createFileListing>) => {
  const state = listing.$state.get();
  return state.status === 'ready' ? state.files.map((file) => file.id) : state.status;
};

describe('a file listing', () => {
  it('shows the first page, then each next page as it is asked for, until the last', async () => {
    const folder = pagedFolder(5);
    const listing = createFileListing(QUERY, folder, 2);
    expect(listing.$state.get()).toEqual({ status: 'loading' });
    await listing.reload();
    expect(shownIds(listing)).toEqual(['f0', 'f1']);
    await listing.loadMore();
    await listing.loadMore();
    expect(shownIds(listing)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
    await listing.loadMore();
    expect(folder.listPage).toHaveBeenCalledTimes(3);
    expect(folder.requests.map((request) => request.pageToken)).toEqual([undefined, '2', '4']);
    expect(folder.requests[0]).toMatchObject({ parentId: '', order: 6, pinFoldersTop: true, limit: 2 });
  });

  it('asks for one next page at a time', async () => {
    const folder = pagedFolder(10);
    const listing = createFileListing(QUERY, folder, 2);
    await listing.reload();
    await Promise.all([listing.loadMore(), listing.loadMore()]);
    expect(folder.listPage).toHaveBeenCalledTimes(2);
  });

  it('keeps the shown items while reloading, and replaces them when the first page arrives', async () => {
    const folder = pagedFolder(3);
    const listing = createFileListing(QUERY, folder, 2);
    await listing.reload();
    await listing.loadMore();
    const reloading = listing.reload();
    expect(shownIds(listing)).toEqual(['f0', 'f1', 'f2']);
    await reloading;
    expect(shownIds(listing)).toEqual(['f0', 'f1']);
  });

  it('does not let a page asked for before a reload land after it', async () => {
    const folder = pagedFolder(6);
    const listing = createFileListing(QUERY, folder, 2);
    await listing.reload();
    const late = listing.loadMore();
    await listing.reload();
    await late;
    expect(shownIds(listing)).toEqual(['f0', 'f1']);
  });

  it('fails the page when the first page fails, and keeps the items when a later one does', async () => {
    const refused = new ApiError(404, { error: 'file_not_found', error_code: 5, error_description: 'gone' });
    const failing = createFileListing(QUERY, { listPage: async () => Promise.reject(refused) });
    await failing.reload();
    expect(failing.$state.get()).toEqual({ status: 'failed', error: refused });

    const folder = pagedFolder(4);
    const listing = createFileListing(QUERY, folder, 2);
    await listing.reload();
    folder.listPage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await listing.loadMore();
    const state = listing.$state.get();
    expect(state.status === 'ready' && state.problem?.error.error).toBe('network_error');
    expect(shownIds(listing)).toEqual(['f0', 'f1']);
    if (state.status === 'ready') state.problem?.retry();
    await vi.waitFor(() => expect(shownIds(listing)).toEqual(['f0', 'f1', 'f2', 'f3']));
  });

  it('shows a first page it was handed at once, and pages on from its token', async () => {
    const tokens: (string | undefined)[] = [];
    const listing = createPagedListing(
      async (pageToken) => {
        tokens.push(pageToken);
        return { files: [item(2), item(1), item(3)], next_page_token: '' };
      },
      { files: [item(0), item(1)], nextPageToken: 'after-f1' },
    );
    expect(shownIds(listing)).toEqual(['f0', 'f1']);
    await listing.loadMore();
    // An item that moved into the next page while it was asked for is listed once.
    expect(shownIds(listing)).toEqual(['f0', 'f1', 'f2', 'f3']);
    await listing.loadMore();
    expect(tokens).toEqual(['after-f1']);
  });
});
