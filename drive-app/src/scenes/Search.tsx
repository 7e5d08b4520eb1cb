import { useNavigate, useSearchParams } from 'react-router';
import { ALL_FOLDERS } from '#shared/api/files-client.ts';
import { folderPath } from '#shared/app-paths.ts';
import { DRIVE_ACTIONS } from '../actions/definitions/files.ts';
import { FileBrowser } from '../components/files/FileBrowser.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { useFileListing } from '../components/files/useFileListing.ts';
import { useFileViewControls } from '../components/files/useFileViewControls.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useT } from '../i18n.ts';

/** What can be done to found items: everything but what adds to a folder (the results are in many). */
const SEARCH_ACTIONS = DRIVE_ACTIONS.filter((action) => action.scope === 'selection');

/** /drive/search?q=: the files and folders whose names hold the text, in every folder of the drive. */
export function Search() {
  return <RequireUser>{(user) => <SearchPage userId={user.userId} />}</RequireUser>;
}

function SearchPage({ userId }: { userId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const text = query.get('q')?.trim() ?? '';
  const { setting, order, controls } = useFileViewControls(userId);
  const listing = useFileListing({ parentId: ALL_FOLDERS, q: text, order, pinFoldersTop: setting.pinFoldersTop });

  return (
    <FileBrowser
      key={text}
      place="drive"
      folderId=""
      listing={listing}
      view={setting.viewType}
      actions={SEARCH_ACTIONS}
      heading={<h1>{text ? t('search.title', { text }) : t('search.titleEmpty')}</h1>}
      controls={controls}
      listLabel={t('search.listLabel')}
      empty={<FilesEmpty title={text ? t('search.empty.title') : t('search.titleEmpty')} hint={t('search.empty.hint')} />}
      onOpenFolder={(id) => void navigate(folderPath(id))}
    />
  );
}
