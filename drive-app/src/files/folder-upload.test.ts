import { describe, expect, it } from 'vitest';
import { treeOfPickedFolder, uploadFolderTree } from './folder-upload.ts';

const picked = (relativePath: string) => {
  const file = new File(['x'], relativePath.split('/').at(-1)!);
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
};

describe('treeOfPickedFolder', () => {
  it('names every folder once, parents before children, and each file by its folder path', () => {
    const tree = treeOfPickedFolder([picked('Trip/a.jpg'), picked('Trip/Day 1/b.jpg'), picked('Trip/Day 1/c.jpg')]);
    expect(tree.folders).toEqual([['Trip'], ['Trip', 'Day 1']]);
    expect(tree.files.map(({ file, folder }) => `${folder.join('/')}:${file.name}`)).toEqual(['Trip:a.jpg', 'Trip/Day 1:b.jpg', 'Trip/Day 1:c.jpg']);
  });
});

describe('uploadFolderTree', () => {
  it('makes folders top-down under the parent, follows the names the server gave, and queues files into their folders', async () => {
    const made: string[] = [];
    const queued: string[] = [];
    await uploadFolderTree(
      {
        folders: [['Trip', 'Day 1'], ['Trip'], ['Trip', 'Empty']],
        files: [
          { file: new File(['x'], 'a.jpg'), folder: ['Trip'] },
          { file: new File(['y'], 'b.jpg'), folder: ['Trip', 'Day 1'] },
          { file: new File(['z'], 'top.txt'), folder: [] },
        ],
      },
      'root-folder',
      {
        createFolder: async (parentId, name) => {
          made.push(`${parentId}/${name}`);
          // The server numbers a clash: "Trip" is taken in the parent.
          return { id: `id-${name === 'Trip' ? 'Trip (1)' : name}` } as never;
        },
        uploadFiles: (files, parentId) => queued.push(`${parentId}:${files.map((f) => f.name).join(',')}`),
      },
    );
    expect(made).toEqual(['root-folder/Trip', 'id-Trip (1)/Day 1', 'id-Trip (1)/Empty']);
    expect(queued.sort()).toEqual(['id-Day 1:b.jpg', 'id-Trip (1):a.jpg', 'root-folder:top.txt']);
  });
});
