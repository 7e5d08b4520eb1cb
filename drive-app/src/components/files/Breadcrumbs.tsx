import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DriveFile } from '#shared/api/files.ts';
import { folderPath } from '#shared/app-paths.ts';
import { driveFiles } from '../../api.ts';
import { appEvents } from '../../events.ts';
import { useT } from '../../i18n.ts';

type Props = { folderId: string; search: string };

/** Where the shown folder is: a link to each folder above it, then its name as the page heading. */
export function Breadcrumbs({ folderId, search }: Props) {
  const t = useT();
  const folders = useFolderTrail(folderId);
  const current = folders?.at(-1);
  const above = folders?.slice(0, -1) ?? [];
  return (
    <nav className="breadcrumbs" aria-label={t('files.breadcrumbs')}>
      <ol>
        <li>{folderId ? <Link to={{ pathname: folderPath(''), search }}>{t('files.allFiles')}</Link> : <h1 aria-current="page">{t('files.allFiles')}</h1>}</li>
        {above.map((folder) => (
          <li key={folder.id}>
            <Link to={{ pathname: folderPath(folder.id), search }}>{folder.name}</Link>
          </li>
        ))}
        {folderId && (
          <li>
            <h1 aria-current="page">{current?.id === folderId ? current.name : '…'}</h1>
          </li>
        )}
      </ol>
    </nav>
  );
}

/** The folders from the root down to `folderId`; undefined until known (or if it is not found). */
function useFolderTrail(folderId: string): DriveFile[] | undefined {
  const [trail, setTrail] = useState<DriveFile[]>();
  useEffect(() => {
    if (!folderId) return setTrail([]);
    let current = true;
    const load = () =>
      driveFiles.path(folderId).then(
        (folders) => current && setTrail(folders),
        // The list below says what went wrong; the trail just stays short.
        () => current && setTrail(undefined),
      );
    void load();
    // A folder on the way may have been renamed.
    const stop = appEvents.on('drive-changed', () => void load());
    return () => {
      current = false;
      stop();
    };
  }, [folderId]);
  return trail;
}
