import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { FileViewSetting } from '#shared/files/view-settings.ts';
import { driveFiles } from '../../api.ts';
import { appEvents } from '../../events.ts';
import { createFileListing, type FileListing, type ListingQuery } from '../../stores/file-listing.ts';
import { changeFileViewSetting, fileViewSettingOf } from '../../stores/file-view-setting.ts';

/** The listing of `query`, loaded now and again whenever the drive changes. */
export function useFileListing(query: ListingQuery): FileListing {
  const key = JSON.stringify(query);
  // A new query object each render is the same listing while its value is the same.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the query's value
  const listing = useMemo(() => createFileListing(query, driveFiles), [key]);
  useEffect(() => {
    void listing.reload();
    return appEvents.on('drive-changed', () => void listing.reload());
  }, [listing]);
  return listing;
}

/** The user's file-view setting and the way to change (and save) it. */
export function useFileViewSetting(userId: string): [FileViewSetting, (change: Partial<FileViewSetting>) => void] {
  const setting = useStore(fileViewSettingOf(userId));
  return [setting, (change) => changeFileViewSetting(userId, change)];
}
