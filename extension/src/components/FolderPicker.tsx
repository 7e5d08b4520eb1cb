import { useEffect, useState } from 'react';
import { ask } from '../lib/ask.ts';
import { translate } from '../lib/i18n.ts';
import type { Folder } from '../lib/protocol.ts';

/** The folder links go to: walked down from the drive's root, the folder shown being the one chosen. */
export function FolderPicker({ path, onChange }: { path: Folder[]; onChange: (path: Folder[]) => void }) {
  const t = translate();
  const [folders, setFolders] = useState<Folder[]>();
  const [failure, setFailure] = useState<string>();
  const current = path.at(-1)?.id ?? '';

  useEffect(() => {
    let stale = false;
    setFolders(undefined);
    ask<Folder[]>({ type: 'folders', parentId: current }).then(
      (found) => !stale && setFolders(found),
      (error: Error) => !stale && setFailure(error.message),
    );
    return () => {
      stale = true;
    };
  }, [current]);

  const root: Folder = { id: '', name: t('extension.folder.root') };
  const trail = [root, ...path];
  return (
    <fieldset className="folder-picker">
      <legend>{t('extension.folder.label')}</legend>
      <nav aria-label={t('extension.folder.label')} className="folder-trail">
        {trail.map((folder, index) =>
          index === trail.length - 1 ? (
            <strong key={folder.id || 'root'} aria-current="location">
              {folder.name}
            </strong>
          ) : (
            <button key={folder.id || 'root'} type="button" className="link" onClick={() => onChange(path.slice(0, index))}>
              {folder.name}
            </button>
          ),
        )}
      </nav>
      {failure && <p role="alert">{failure}</p>}
      {folders && folders.length > 0 && (
        <ul className="folder-list">
          {folders.map((folder) => (
            <li key={folder.id}>
              <button type="button" className="link" onClick={() => onChange([...path, folder])} aria-label={t('extension.folder.open', { name: folder.name })}>
                {folder.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
