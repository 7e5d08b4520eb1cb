import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { folderPath } from '#shared/app-paths.ts';
import { DRIVE_ACTIONS } from '../actions/definitions/files.ts';
import { Breadcrumbs } from '../components/files/Breadcrumbs.tsx';
import { FileBrowser } from '../components/files/FileBrowser.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { useFileListing } from '../components/files/useFileListing.ts';
import { useFileViewControls } from '../components/files/useFileViewControls.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { UploadPanel } from '../components/uploads/UploadPanel.tsx';
import { useT } from '../i18n.ts';

/** /drive/all and /drive/all/<folderId>: the user's folders and files. */
export function AllFiles() {
  return <RequireUser>{(user) => <FolderPage userId={user.userId} />}</RequireUser>;
}

function FolderPage({ userId }: { userId: string }) {
  const t = useT();
  const { folderId = '' } = useParams();
  const [query] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { setting, order, controls } = useFileViewControls(userId);
  const listing = useFileListing({ parentId: folderId, order, pinFoldersTop: setting.pinFoldersTop });

  return (
    <>
      <FileBrowser
        key={folderId}
        place="drive"
        folderId={folderId}
        listing={listing}
        view={setting.viewType}
        actions={DRIVE_ACTIONS}
        heading={<Breadcrumbs folderId={folderId} search={search} />}
        controls={controls}
        listLabel={t('files.listLabel')}
        empty={<FilesEmpty title={folderId ? t('files.empty.folderTitle') : t('files.empty.rootTitle')} hint={t('files.empty.hint')} />}
        onOpenFolder={(id) => void navigate({ pathname: folderPath(id), search })}
        uploadsFor={userId}
        highlight={query.get('highlight')?.split(',')}
      />
      <UploadPanel userId={userId} />
    </>
  );
}
