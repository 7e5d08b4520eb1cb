// What the extension asks of Nubo once signed in: start downloads, follow them, list folders.
import { ApiError } from '#shared/api/client.ts';
import { filesApi } from '#shared/api/files-client.ts';
import { isUnderway, offlineApi } from '#shared/api/offline-client.ts';
import { DEFAULT_SORT_ORDER } from '#shared/files/sort-order.ts';
import { failureText } from './i18n.ts';
import type { Folder, LinkToSave, RunningTask, SaveOutcome } from './protocol.ts';
import { asSignedIn } from './session.ts';

/** Starts one download per link into the folder, one after the other (the server counts them against the person's limits). */
export async function saveLinks(origin: string, links: readonly LinkToSave[], folderId: string): Promise<SaveOutcome> {
  const outcome: SaveOutcome = { added: 0, refused: [] };
  for (const link of links) {
    try {
      await asSignedIn(origin, (api) => offlineApi(api).create({ url: link.url }, folderId, link.headers));
      outcome.added += 1;
    } catch (failure) {
      // A call that got no answer is told apart: the server, not the link, is then the reason.
      outcome.refused.push({ url: link.url, reason: failureText(failure), ...(failure instanceof ApiError && failure.status === 0 ? { network: true } : {}) });
    }
  }
  return outcome;
}

/** The person's downloads still under way (waiting or running), newest first. */
export async function runningTasks(origin: string): Promise<RunningTask[]> {
  const { tasks } = await asSignedIn(origin, (api) => offlineApi(api).list());
  return tasks.filter(isUnderway).map((task) => ({ id: task.id, name: task.file_name || task.name, progress: task.progress, phase: task.phase }));
}

/** The folders directly in a folder ('' is the drive's root), in the drive's own order. */
export async function foldersIn(origin: string, parentId: string): Promise<Folder[]> {
  const page = await asSignedIn(origin, (api) =>
    filesApi(api).listPage({ parentId, order: DEFAULT_SORT_ORDER, pinFoldersTop: true, filters: { kind: { eq: 'drive#folder' } }, limit: 200 }),
  );
  return page.files.map((file) => ({ id: file.id, name: file.name }));
}
