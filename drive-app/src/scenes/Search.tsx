import { useNavigate, useSearchParams } from 'react-router';
import { ALL_FOLDERS } from '#shared/api/files-client.ts';
import type { SortOrder } from '#shared/files/sort-order.ts';
import { useT } from '../i18n.ts';
import { DRIVE_ACTIONS } from '../actions/definitions/files.ts';
import { folderPath } from '../files/drive-paths.ts';
import { queryWithOrder, shownOrder } from '../files/listing-order.ts';
import { RequireUser } from '../components/RequireUser.tsx';
import { FileBrowser } from '../components/files/FileBrowser.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { SortMenu } from '../components/files/SortMenu.tsx';
import { ViewSwitch } from '../components/files/ViewSwitch.tsx';
import { useFileListing, useFileViewSetting } from '../components/files/useFileListing.ts';

/** What can be done to found items: everything but what adds to a folder (the results are in many). */
const SEARCH_ACTIONS = DRIVE_ACTIONS.filter((action) => action.scope === 'selection');

/** /drive/search?q=: the files and folders whose names hold the text, in every folder of the drive. */
export function Search() {
  return <RequireUser>{(user) => <SearchPage userId={user.userId} />}</RequireUser>;
}

function SearchPage({ userId }: { userId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const text = query.get('q')?.trim() ?? '';
  const [setting, changeSetting] = useFileViewSetting(userId);
  const order = shownOrder(query, setting.orderType);
  const listing = useFileListing({ parentId: ALL_FOLDERS, q: text, order, pinFoldersTop: setting.pinFoldersTop });

  function chooseOrder(next: SortOrder) {
    changeSetting({ orderType: next });
    setQuery(queryWithOrder(query, next), { replace: true });
  }

  return (
    <FileBrowser
      key={text}
      place="drive"
      folderId=""
      listing={listing}
      view={setting.viewType}
      actions={SEARCH_ACTIONS}
      heading={<h1>{text ? t('search.title', { text }) : t('search.titleEmpty')}</h1>}
      controls={
        <>
          <SortMenu order={order} pinFoldersTop={setting.pinFoldersTop} onOrder={chooseOrder} onPinFoldersTop={(pinFoldersTop) => changeSetting({ pinFoldersTop })} />
          <ViewSwitch view={setting.viewType} onView={(viewType) => changeSetting({ viewType })} />
        </>
      }
      listLabel={t('search.listLabel')}
      empty={<FilesEmpty title={text ? t('search.empty.title') : t('search.titleEmpty')} hint={t('search.empty.hint')} />}
      onOpenFolder={(id) => void navigate(folderPath(id))}
    />
  );
}
