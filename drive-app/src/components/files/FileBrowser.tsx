import { useStore } from '@nanostores/react';
import { type DragEvent, type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { FileViewType } from '#shared/files/view-settings.ts';
import { actionForKey } from '../../actions/shortcuts.ts';
import type { ActionContext, DriveAction, FilePlace } from '../../actions/types.ts';
import { driveFiles } from '../../api.ts';
import { driveChanged } from '../../events.ts';
import { type FolderTree, treeOfDrop, treeOfPickedFolder, uploadFolderTree } from '../../files/folder-upload.ts';
import { keepListed, NO_SELECTION } from '../../files/selection.ts';
import { useT } from '../../i18n.ts';
import { noticeFailure } from '../../stores/drive-notice.ts';
import type { FileListing } from '../../stores/file-listing.ts';
import { uploadQueue } from '../../stores/uploads.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { DriveDialogs } from '../dialogs/DriveDialogs.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { UploadInput, type UploadInputHandle } from '../uploads/UploadInput.tsx';
import { ActionMenu } from './ActionMenu.tsx';
import { ActionToolbar } from './ActionToolbar.tsx';
import { DriveNoticeBar } from './DriveNoticeBar.tsx';
import { FileItems, type MenuRequest } from './FileItems.tsx';

type Props = {
  place: FilePlace;
  /** The folder shown, '' for the root (and for the trash). */
  folderId: string;
  listing: FileListing;
  view: FileViewType;
  actions: readonly DriveAction[];
  /** The heading (breadcrumbs, or the page title). */
  heading: ReactNode;
  /** Sort and view controls beside the heading. */
  controls: ReactNode;
  listLabel: string;
  empty: ReactNode;
  onOpenFolder(folderId: string): void;
  /** Whose drive dropped and picked files go to; without it the list takes no uploads. */
  uploadsFor?: string | undefined;
  /** Items to show selected once they are listed (highlight_files, SPEC §2.7). */
  highlight?: readonly string[] | undefined;
};

const NOTHING: readonly DriveFile[] = [];

type OpenMenu = { files: readonly DriveFile[]; scope: DriveAction['scope']; at: MenuRequest['at'] };

/**
 * A list of the drive (a folder, the trash) with everything done to it: selection, the toolbar,
 * the context menu and the keyboard running the same actions, dialogs, and files dropped on it.
 */
export function FileBrowser({ place, folderId, listing, view, actions, heading, controls, listLabel, empty, onOpenFolder, uploadsFor, highlight }: Props) {
  const t = useT();
  const state = useStore(listing.$state);
  const files = state.status === 'ready' ? state.files : NOTHING;
  const [selection, setSelection] = useState(NO_SELECTION);
  const [menu, setMenu] = useState<OpenMenu>();
  const [dropping, setDropping] = useState(false);
  const dragDepth = useRef(0);
  const uploadInput = useRef<UploadInputHandle>(null);
  const folderInput = useRef<UploadInputHandle>(null);
  const listbox = useRef<HTMLDivElement>(null);

  // Items that left the list (trashed, moved, renamed away) leave the selection too.
  const order = useMemo(() => files.map((file) => file.id), [files]);
  useEffect(() => setSelection((current) => keepListed(current, order)), [order]);
  const selected = useMemo(() => files.filter((file) => selection.ids.has(file.id)), [files, selection]);
  const highlighted = useRef(false);
  useEffect(() => {
    if (highlighted.current || !highlight?.length) return;
    const shown = highlight.filter((id) => order.includes(id));
    if (shown.length === 0) return;
    highlighted.current = true;
    setSelection({ ids: new Set(shown), anchor: shown[0], active: shown[0] });
  }, [highlight, order]);

  const upload = useCallback((picked: File[]) => uploadsFor && uploadQueue.uploadFiles(uploadsFor, picked, folderId), [uploadsFor, folderId]);
  const uploadTree = useCallback(
    (tree: FolderTree) => {
      if (!uploadsFor) return;
      uploadFolderTree(tree, folderId, {
        createFolder: driveFiles.createFolder,
        uploadFiles: (files, parentId) => uploadQueue.uploadFiles(uploadsFor, files, parentId),
      }).then(driveChanged, noticeFailure);
    },
    [uploadsFor, folderId],
  );
  const contextFor = (targets: readonly DriveFile[]): ActionContext => ({
    place,
    folderId,
    files: targets,
    listed: files,
    openFolder: onOpenFolder,
    chooseFilesToUpload: () => uploadInput.current?.choose(),
    chooseFolderToUpload: () => folderInput.current?.choose(),
  });
  const run = (action: DriveAction, targets: readonly DriveFile[]) => void action.perform(contextFor(targets));

  function open(file: DriveFile) {
    const opener = actions.find((action) => action.id === 'open');
    const context = contextFor([file]);
    if (opener?.visible(context)) void opener.perform(context);
  }

  function runShortcut(event: KeyboardEvent): boolean {
    const context = contextFor(selected);
    const action = actionForKey(event, actions, context);
    if (!action) return false;
    event.preventDefault();
    void action.perform(context);
    return true;
  }

  const loadMore = listing.loadMore;
  const onNearEnd = useCallback(() => void loadMore(), [loadMore]);
  const onMenu = useCallback(
    ({ file, at }: MenuRequest) => {
      const targets = file ? (selection.ids.has(file.id) ? files.filter((item) => selection.ids.has(item.id)) : [file]) : [];
      setMenu({ files: targets, scope: file ? 'selection' : 'list', at });
    },
    [files, selection],
  );
  const closeMenu = useCallback(() => {
    setMenu(undefined);
    listbox.current?.focus();
  }, []);

  const dropHandlers = uploadsFor
    ? {
        onDragEnter: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          dragDepth.current += 1;
          setDropping(true);
        },
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => {
          dragDepth.current = Math.max(0, dragDepth.current - 1);
          if (dragDepth.current === 0) setDropping(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          dragDepth.current = 0;
          setDropping(false);
          void treeOfDrop(event.dataTransfer).then(uploadTree, noticeFailure);
        },
      }
    : {};

  return (
    <section className="file-browser" data-dropping={dropping || undefined} {...dropHandlers}>
      <header className="file-browser-header">
        {heading}
        <div className="file-browser-controls">{controls}</div>
      </header>
      <ActionToolbar
        label={t('files.toolbar.label')}
        actions={actions}
        context={contextFor(selected)}
        onRun={(action) => run(action, selected)}
        onClearSelection={() => setSelection(NO_SELECTION)}
      />
      <DriveNoticeBar />
      {state.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {state.status === 'failed' && <FailureNotice failure={state.error} onRetry={() => void listing.reload()} />}
      {state.status === 'ready' && files.length === 0 && empty}
      {state.status === 'ready' && files.length > 0 && (
        <FileItems
          listboxRef={listbox}
          files={files}
          complete={state.nextPageToken === ''}
          view={view}
          label={listLabel}
          selection={selection}
          onSelectionChange={setSelection}
          onOpen={open}
          onMenu={onMenu}
          onActionKey={runShortcut}
          onNearEnd={onNearEnd}
        />
      )}
      {state.status === 'ready' && state.loadingMore && <BusyNotice text={t('files.loadingMore')} />}
      {state.status === 'ready' && state.problem && <FailureNotice failure={state.problem.error} onRetry={state.problem.retry} />}
      {dropping && (
        <div className="drop-hint" aria-hidden="true">
          {t('files.drop.hint')}
        </div>
      )}
      {menu && (
        <ActionMenu
          actions={actions}
          context={contextFor(menu.files)}
          scope={menu.scope}
          at={menu.at}
          onRun={(action) => run(action, menu.files)}
          onClose={closeMenu}
        />
      )}
      {uploadsFor && <UploadInput ref={uploadInput} onFiles={upload} />}
      {uploadsFor && <UploadInput ref={folderInput} folder onFiles={(files) => uploadTree(treeOfPickedFolder(files))} />}
      <DriveDialogs />
    </section>
  );
}
