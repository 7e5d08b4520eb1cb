import type { MouseEvent } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { FileViewType } from '#shared/files/view-settings.ts';
import { formatDateTime, formatSize } from '#shared/format.ts';
import { useT } from '../../i18n.ts';
import { MediaFactsText, MediaPicture } from './MediaPicture.tsx';

type Props = {
  file: DriveFile;
  view: FileViewType;
  /** The option's element id, for aria-activedescendant. */
  id: string;
  selected: boolean;
  active: boolean;
  position: number;
  /** How many items the list has; -1 while that is not known yet. */
  count: number;
  onClick(event: MouseEvent, file: DriveFile): void;
  onDoubleClick(file: DriveFile): void;
  onContextMenu(event: MouseEvent, file: DriveFile): void;
};

/** One folder or file of a list: a row with its date and size, or a tile. */
export function FileItem({ file, view, id, selected, active, position, count, onClick, onDoubleClick, onContextMenu }: Props) {
  const t = useT();
  const isFolder = file.kind === 'drive#folder';
  const uploading = file.phase === 'PHASE_TYPE_PENDING';
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the listbox holds the focus and moves it over options (aria-activedescendant), so its keys serve every item
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={position}
      aria-setsize={count}
      className={`file-item file-item-${view}`}
      data-active={active || undefined}
      data-uploading={uploading || undefined}
      onClick={(event) => onClick(event, file)}
      onDoubleClick={() => onDoubleClick(file)}
      onContextMenu={(event) => onContextMenu(event, file)}
    >
      <MediaPicture file={file} size={view === 'grid' ? 56 : 24} />
      <span className="file-name" title={file.name}>
        {file.name}
      </span>
      <span className="file-facts">
        <MediaFactsText file={file} />
        {file.starred && (
          <span className="file-star" title={t('files.starred')}>
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('files.starred')}</span>
          </span>
        )}
        {uploading && <span className="file-badge">{t('files.uploadingBadge')}</span>}
        <time className="file-modified" dateTime={file.modified_time}>
          {formatDateTime(file.modified_time)}
        </time>
        <span className="file-size">{isFolder ? t('files.folderKind') : formatSize(file.size)}</span>
      </span>
    </div>
  );
}
