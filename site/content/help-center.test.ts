import { describe, expect, it } from 'vitest';
import { folderDefaultArticles, type HelpArticleEntry, type HelpFolderEntry, helpCenterTree } from './help-center.ts';

const article = (id: string, order: number, title = id): HelpArticleEntry => ({ id, data: { title, description: '', order, popular: false } });
const folder = (id: string, order: number, title: Record<string, string>): HelpFolderEntry => ({ id, data: { order, title: { 'en-US': id, ...title } } });

const folders = [folder('sharing', 2, { 'en-US': 'Sharing', ja: '共有' }), folder('files', 1, { 'en-US': 'Your files' }), folder('unused', 3, {})];
const articles = [
  article('en-US/sharing/my-shares', 4),
  article('en-US/sharing/share-files', 1),
  article('en-US/files/upload-files', 1),
  article('ja/sharing/share-files', 1, 'リンクでファイルを共有'),
];

describe('helpCenterTree', () => {
  it('orders folders and their articles by the editors’ order, leaving out folders with no article', () => {
    const tree = helpCenterTree(articles, folders, 'en-US');
    expect(tree.map((found) => found.slug)).toEqual(['files', 'sharing']);
    expect(tree[1]?.articles.map((found) => found.path)).toEqual(['/help-center/sharing/share-files', '/help-center/sharing/my-shares']);
  });

  it('names folders in the locale, or in en-US where the locale has no name', () => {
    expect(helpCenterTree(articles, folders, 'ja').map((found) => found.title)).toEqual(['Your files', '共有']);
  });

  it('mixes translated and fallback articles in one folder', () => {
    const sharing = helpCenterTree(articles, folders, 'ja')[1];
    expect(sharing?.articles.map((found) => [found.entry.data.title, found.fallback])).toEqual([
      ['リンクでファイルを共有', false],
      ['en-US/sharing/my-shares', true],
    ]);
  });

  it('stops the build for an article in a folder folders.yaml does not know, or outside any folder', () => {
    expect(() => helpCenterTree([article('en-US/billing/invoices', 1)], folders, 'en-US')).toThrow(/billing/);
    expect(() => helpCenterTree([article('en-US/loose', 1)], folders, 'en-US')).toThrow(/inside a folder/);
  });
});

describe('folderDefaultArticles', () => {
  it('leads each folder’s address to its first article', () => {
    expect(folderDefaultArticles(helpCenterTree(articles, folders, 'en-US'))).toEqual({
      '/help-center/files': '/help-center/files/upload-files',
      '/help-center/sharing': '/help-center/sharing/share-files',
    });
  });
});
