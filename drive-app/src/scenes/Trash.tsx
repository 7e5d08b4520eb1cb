import { ALL_FOLDERS, TRASH_FILTERS } from '#shared/api/files-client.ts';
import { TRASH_ACTIONS } from '../actions/definitions/trash.ts';
import { FileBrowser } from '../components/files/FileBrowser.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { useFileListing } from '../components/files/useFileListing.ts';
import { useFileViewControls } from '../components/files/useFileViewControls.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { UploadPanel } from '../components/uploads/UploadPanel.tsx';
import { useT } from '../i18n.ts';

/** /drive/trash: what was moved to the trash, to restore or delete for ever. */
export function Trash() {
  return <RequireUser>{(user) => <TrashPage userId={user.userId} />}</RequireUser>;
}

function TrashPage({ userId }: { userId: string }) {
  const t = useT();
  const { setting, order, controls } = useFileViewControls(userId);
  const listing = useFileListing({ parentId: ALL_FOLDERS, filters: TRASH_FILTERS, order, pinFoldersTop: setting.pinFoldersTop });

  return (
    <>
      <FileBrowser
        place="trash"
        folderId=""
        listing={listing}
        view={setting.viewType}
        actions={TRASH_ACTIONS}
        heading={<h1>{t('trash.title')}</h1>}
        controls={controls}
        listLabel={t('trash.listLabel')}
        empty={<FilesEmpty title={t('trash.empty.title')} hint={t('trash.empty.hint')} />}
        onOpenFolder={() => {}}
      />
      <UploadPanel userId={userId} />
    </>
  );
}
