import { useSearchParams } from 'react-router';
import { ALL_FOLDERS, TRASH_FILTERS } from '#shared/api/files-client.ts';
import type { SortOrder } from '#shared/files/sort-order.ts';
import { useT } from '../i18n.ts';
import { TRASH_ACTIONS } from '../actions/definitions/trash.ts';
import { queryWithOrder, shownOrder } from '../files/listing-order.ts';
import { RequireUser } from '../components/RequireUser.tsx';
import { FileBrowser } from '../components/files/FileBrowser.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { SortMenu } from '../components/files/SortMenu.tsx';
import { ViewSwitch } from '../components/files/ViewSwitch.tsx';
import { useFileListing, useFileViewSetting } from '../components/files/useFileListing.ts';
import { UploadPanel } from '../components/uploads/UploadPanel.tsx';

/** /drive/trash: what was moved to the trash, to restore or delete for ever. */
export function Trash() {
  return <RequireUser>{(user) => <TrashPage userId={user.userId} />}</RequireUser>;
}

function TrashPage({ userId }: { userId: string }) {
  const t = useT();
  const [query, setQuery] = useSearchParams();
  const [setting, changeSetting] = useFileViewSetting(userId);
  const order = shownOrder(query, setting.orderType);
  const listing = useFileListing({ parentId: ALL_FOLDERS, filters: TRASH_FILTERS, order, pinFoldersTop: setting.pinFoldersTop });

  function chooseOrder(next: SortOrder) {
    changeSetting({ orderType: next });
    setQuery(queryWithOrder(query, next), { replace: true });
  }

  return (
    <>
      <FileBrowser
        place="trash"
        folderId=""
        listing={listing}
        view={setting.viewType}
        actions={TRASH_ACTIONS}
        heading={<h1>{t('trash.title')}</h1>}
        controls={
          <>
            <SortMenu order={order} pinFoldersTop={setting.pinFoldersTop} onOrder={chooseOrder} onPinFoldersTop={(pinFoldersTop) => changeSetting({ pinFoldersTop })} />
            <ViewSwitch view={setting.viewType} onView={(viewType) => changeSetting({ viewType })} />
          </>
        }
        listLabel={t('trash.listLabel')}
        empty={<FilesEmpty title={t('trash.empty.title')} hint={t('trash.empty.hint')} />}
        onOpenFolder={() => {}}
      />
      <UploadPanel userId={userId} />
    </>
  );
}
