import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { SortOrder } from '#shared/files/sort-order.ts';
import { useT } from '../i18n.ts';
import { DRIVE_ACTIONS } from '../actions/definitions/files.ts';
import { folderPath } from '../files/drive-paths.ts';
import { queryWithOrder, shownOrder } from '../files/listing-order.ts';
import { RequireUser } from '../components/RequireUser.tsx';
import { Breadcrumbs } from '../components/files/Breadcrumbs.tsx';
import { FileBrowser } from '../components/files/FileBrowser.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { SortMenu } from '../components/files/SortMenu.tsx';
import { ViewSwitch } from '../components/files/ViewSwitch.tsx';
import { useFileListing, useFileViewSetting } from '../components/files/useFileListing.ts';
import { UploadPanel } from '../components/uploads/UploadPanel.tsx';

/** /drive/all and /drive/all/<folderId>: the user's folders and files. */
export function AllFiles() {
  return <RequireUser>{(user) => <FolderPage userId={user.userId} />}</RequireUser>;
}

function FolderPage({ userId }: { userId: string }) {
  const t = useT();
  const { folderId = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [setting, changeSetting] = useFileViewSetting(userId);
  const order = shownOrder(query, setting.orderType);
  const listing = useFileListing({ parentId: folderId, order, pinFoldersTop: setting.pinFoldersTop });

  function chooseOrder(next: SortOrder) {
    changeSetting({ orderType: next });
    setQuery(queryWithOrder(query, next), { replace: true });
  }

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
        controls={
          <>
            <SortMenu order={order} pinFoldersTop={setting.pinFoldersTop} onOrder={chooseOrder} onPinFoldersTop={(pinFoldersTop) => changeSetting({ pinFoldersTop })} />
            <ViewSwitch view={setting.viewType} onView={(viewType) => changeSetting({ viewType })} />
          </>
        }
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
