// One file list as a page shows it (a folder, the trash, a shared link): the first page, the pages
// fetched as the user scrolls (page tokens, so page 1,000 costs what page 1 costs), and a reload
// when the drive changes that keeps the shown items until the new ones arrive, so nothing flashes.
import { atom, type ReadableAtom } from 'nanostores';
import { type ApiError, toApiError } from '#shared/api/client.ts';
import type { DriveFile } from '#shared/api/files.ts';
import type { FileListRequest, FilesApi } from '#shared/api/files-client.ts';

export const LISTING_PAGE_SIZE = 100;

export type ListingQuery = Omit<FileListRequest, 'pageToken' | 'limit'>;

/** A failure while items are already shown: they stay, and `retry` tries the failed step again. */
export type ListingProblem = { error: ApiError; retry: () => void };

export type ListingState =
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError }
  | { status: 'ready'; files: DriveFile[]; nextPageToken: string; loadingMore: boolean; problem: ListingProblem | undefined };

export type FileListing = {
  $state: ReadableAtom<ListingState>;
  /** Fetches the first page again; what is shown stays until it arrives. */
  reload(): Promise<void>;
  /** Fetches the next page, if there is one and none is on its way. */
  loadMore(): Promise<void>;
};

/** One page of a list and the token of the next ('' after the last), as every listing API answers. */
export type ListingPage = { files: DriveFile[]; next_page_token: string };

/** A folder of the drive (or the trash, or a search), listed through the files API. */
export function createFileListing(query: ListingQuery, files: Pick<FilesApi, 'listPage'>, pageSize = LISTING_PAGE_SIZE): FileListing {
  return createPagedListing((pageToken) => files.listPage(pageToken === undefined ? { ...query, limit: pageSize } : { ...query, limit: pageSize, pageToken }));
}

/**
 * Any paged list of files: `fetchPage` answers the first page for no token, the next for a token.
 * `firstPage`, when the page came with it (the share page's server render), is shown at once.
 */
export function createPagedListing(
  fetchPage: (pageToken: string | undefined) => Promise<ListingPage>,
  firstPage?: { files: DriveFile[]; nextPageToken: string },
): FileListing {
  const $state = atom<ListingState>(
    firstPage
      ? { status: 'ready', files: firstPage.files, nextPageToken: firstPage.nextPageToken, loadingMore: false, problem: undefined }
      : { status: 'loading' },
  );
  // Bumped by every reload, so a page asked for before it cannot land in the newer list.
  let generation = 0;

  async function reload(): Promise<void> {
    const current = ++generation;
    try {
      const page = await fetchPage(undefined);
      if (current !== generation) return;
      $state.set({ status: 'ready', files: page.files, nextPageToken: page.next_page_token, loadingMore: false, problem: undefined });
    } catch (failure) {
      if (current !== generation) return;
      const error = toApiError(failure);
      const shown = $state.get();
      if (shown.status === 'ready') $state.set({ ...shown, loadingMore: false, problem: { error, retry: () => void reload() } });
      else $state.set({ status: 'failed', error });
    }
  }

  async function loadMore(): Promise<void> {
    const state = $state.get();
    if (state.status !== 'ready' || state.loadingMore || !state.nextPageToken) return;
    const current = generation;
    $state.set({ ...state, loadingMore: true, problem: undefined });
    try {
      const page = await fetchPage(state.nextPageToken);
      const shown = $state.get();
      if (current !== generation || shown.status !== 'ready') return;
      // An item added after the first page may sort into a later one; it is listed once.
      const listed = new Set(shown.files.map((file) => file.id));
      const added = page.files.filter((file) => !listed.has(file.id));
      $state.set({ status: 'ready', files: [...shown.files, ...added], nextPageToken: page.next_page_token, loadingMore: false, problem: undefined });
    } catch (failure) {
      const shown = $state.get();
      if (current !== generation || shown.status !== 'ready') return;
      $state.set({ ...shown, loadingMore: false, problem: { error: toApiError(failure), retry: () => void loadMore() } });
    }
  }

  return { $state, reload, loadMore };
}
