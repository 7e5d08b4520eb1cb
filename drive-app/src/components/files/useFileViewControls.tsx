import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder } from '#shared/files/sort-order.ts';
import type { FileViewSetting } from '#shared/files/view-settings.ts';
import { queryWithOrder, shownOrder } from '../../files/listing-order.ts';
import { SortMenu } from './SortMenu.tsx';
import { useFileViewSetting } from './useFileListing.ts';
import { ViewSwitch } from './ViewSwitch.tsx';

/**
 * A file page's view setting (kept per user, SPEC §3.5), the order it shows (the URL's ?order=
 * first, SPEC §3.6), and the sort and view controls that change both.
 */
export function useFileViewControls(userId: string): { setting: FileViewSetting; order: SortOrder; controls: ReactNode } {
  const [query, setQuery] = useSearchParams();
  const [setting, changeSetting] = useFileViewSetting(userId);
  const order = shownOrder(query, setting.orderType);

  function chooseOrder(next: SortOrder) {
    changeSetting({ orderType: next });
    setQuery(queryWithOrder(query, next), { replace: true });
  }

  const controls = (
    <>
      <SortMenu
        order={order}
        pinFoldersTop={setting.pinFoldersTop}
        onOrder={chooseOrder}
        onPinFoldersTop={(pinFoldersTop) => changeSetting({ pinFoldersTop })}
      />
      <ViewSwitch view={setting.viewType} onView={(viewType) => changeSetting({ viewType })} />
    </>
  );
  return { setting, order, controls };
}
