// Whole folders uploaded (picked with the folder chooser or dropped): their tree is made on the
// server folder by folder, then every file is queued into its own folder like any picked file.
import type { DriveFile } from '#shared/api/files.ts';

/** A folder's files and folders, each named by its path of folder names from the picked folder down. */
export type FolderTree = { folders: string[][]; files: Array<{ file: File; folder: string[] }> };

/** The tree of a folder chooser's answer (<input webkitdirectory>): each file carries its relative path. */
export function treeOfPickedFolder(files: readonly File[]): FolderTree {
  const tree: FolderTree = { folders: [], files: [] };
  const seen = new Set<string>();
  for (const file of files) {
    const folder = file.webkitRelativePath.split('/').slice(0, -1);
    for (let depth = 1; depth <= folder.length; depth++) addFolder(tree, seen, folder.slice(0, depth));
    tree.files.push({ file, folder });
  }
  return tree;
}

/**
 * The tree of a drop: folders are walked through the entries API (which hands out a directory's
 * entries a batch at a time), so empty folders come too; loose files sit at the top.
 */
export async function treeOfDrop(transfer: DataTransfer): Promise<FolderTree> {
  const tree: FolderTree = { folders: [], files: [] };
  const seen = new Set<string>();
  const items = [...transfer.items].filter((item) => item.kind === 'file');
  // Entries must be taken while the drop event is still being handled; reading them may come later.
  const entries = items.map((item, index) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() ?? transfer.files[index] ?? null }));
  for (const { entry, file } of entries) {
    if (entry?.isDirectory) await walk(entry as FileSystemDirectoryEntry, [entry.name]);
    else if (file) tree.files.push({ file, folder: [] });
  }
  return tree;

  async function walk(directory: FileSystemDirectoryEntry, path: string[]): Promise<void> {
    addFolder(tree, seen, path);
    const reader = directory.createReader();
    for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
      for (const entry of batch) {
        if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, [...path, entry.name]);
        else tree.files.push({ file: await fileOf(entry as FileSystemFileEntry), folder: path });
      }
    }
  }
}

const readBatch = (reader: FileSystemDirectoryReader) => new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

function addFolder(tree: FolderTree, seen: Set<string>, path: string[]) {
  const key = path.join('/');
  if (seen.has(key)) return;
  seen.add(key);
  tree.folders.push(path);
}

export type FolderTreeDependencies = {
  createFolder(parentId: string, name: string): Promise<DriveFile>;
  uploadFiles(files: File[], parentId: string): void;
};

/**
 * Makes the tree's folders under `parentId`, parents first (a name already taken there gets the
 * server's numbered name, and its files follow it), then queues each folder's files into it.
 */
export async function uploadFolderTree(tree: FolderTree, parentId: string, deps: FolderTreeDependencies): Promise<void> {
  const folderIds = new Map<string, string>([['', parentId]]);
  for (const path of [...tree.folders].sort((a, b) => a.length - b.length)) {
    const parent = folderIds.get(path.slice(0, -1).join('/'));
    if (parent === undefined) continue;
    folderIds.set(path.join('/'), (await deps.createFolder(parent, path.at(-1)!)).id);
  }
  const byFolder = new Map<string, File[]>();
  for (const { file, folder } of tree.files) {
    const id = folderIds.get(folder.join('/'));
    if (id === undefined) continue;
    byFolder.set(id, [...(byFolder.get(id) ?? []), file]);
  }
  for (const [id, files] of byFolder) deps.uploadFiles(files, id);
}
