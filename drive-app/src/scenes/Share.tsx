import { useStore } from '@nanostores/react';
import { type FormEvent, lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { AREA_ACCESSIBLE_PATH, type AreaAccess } from '#shared/api/access.ts';
import type { DriveFile } from '#shared/api/files.ts';
import type { PlaybackBody } from '#shared/api/playback.ts';
import type { RestoreBody } from '#shared/api/restore.ts';
import type { ShareAccess, ShareStatus, ShareView } from '#shared/api/shares.ts';
import { signInPathFor } from '#shared/app-paths.ts';
import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import { documentCookieJar, isAccessAllowed, markAccessAllowed } from '#shared/cookies.ts';
import { formatLongDate, formatSize } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { type ShareFirstView, sharePath } from '#shared/share-page.ts';
import { stat } from '#shared/statistics.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { savePending, takePendingSave } from '../accounts/pending-save.ts';
import { api, drivePlayback, driveShares as shares } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { FileIcon } from '../components/files/FileIcon.tsx';
import { useNearEnd } from '../components/useNearEnd.ts';
import { usePageWindow } from '../components/usePageWindow.ts';
import { isComplete, startDownload } from '../files/file-links.ts';
import { useHydrated } from '../hydration.ts';
import { useT } from '../i18n.ts';
import { isPlainClick } from '../links.ts';
import { folderNames, keepPasscodeToken, passcodeTokenOf, rememberFolderName } from '../shares/share-access.ts';
import { openSharePlace } from '../shares/share-place.ts';
import { createPagedListing } from '../stores/file-listing.ts';
import { $user } from '../stores/user.ts';

// What a visitor may never use is not loaded before the files show: the preview, the folder picker
// and the save itself come when asked for. A failure's notice is here from the start, as it shows
// when the network fails.
const PreviewDialog = lazy(async () => ({ default: (await import('../components/preview/PreviewDialog.tsx')).PreviewDialog }));
const ReportShareDialog = lazy(async () => ({ default: (await import('../shares/ReportShareDialog.tsx')).ReportShareDialog }));
const FolderPickerDialog = lazy(async () => ({ default: (await import('../components/dialogs/FolderPickerDialog.tsx')).FolderPickerDialog }));
const saveShare: typeof import('../shares/save-share.ts').saveShare = async (...args) => (await import('../shares/save-share.ts')).saveShare(...args);

/** API.md: -1 means never (a share without an end). */
const NEVER = '-1';
/** The height of a row of the list in px, as styles.css sets it (.share-file): the windowing counts on it. */
const SHARE_ROW_HEIGHT = 56;

/** Every share state but the ones that show the files or ask for the passcode has a page of its own. */
const STATUS_PAGES: Partial<Record<ShareStatus, { title: MessageKey; text: MessageKey }>> = {
  EXPIRED: { title: 'share.status.expired.title', text: 'share.status.expired.text' },
  DELETED: { title: 'share.status.deleted.title', text: 'share.status.deleted.text' },
  NOT_FOUND: { title: 'share.status.notFound.title', text: 'share.status.notFound.text' },
  PROHIBITED: { title: 'share.status.prohibited.title', text: 'share.status.prohibited.text' },
  SENSITIVE_RESOURCE: { title: 'share.status.sensitiveResource.title', text: 'share.status.sensitiveResource.text' },
  SENSITIVE_WORD: { title: 'share.status.sensitiveWord.title', text: 'share.status.sensitiveWord.text' },
  AUDITING: { title: 'share.status.auditing.title', text: 'share.status.auditing.text' },
  MAX_RESTORE_COUNT: { title: 'share.status.maxRestoreCount.title', text: 'share.status.maxRestoreCount.text' },
  ACCOUNT_DISABLED: { title: 'share.status.accountDisabled.title', text: 'share.status.accountDisabled.text' },
};

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; view: ShareView; files: DriveFile[]; nextPageToken: string; access: ShareAccess; folderId: string | undefined };

/**
 * /s/<share id>[/<folder ids…>]: a shared link as its visitor sees it (SPEC §2.4, §4). `first` is
 * what the server found when it rendered the page: shown as it is, not asked for again.
 */
export function Share({ shareId, folderIds, first }: { shareId: string; folderIds: string[]; first?: ShareFirstView | undefined }) {
  const accessible = useAreaAccess(shareId, first?.accessible);
  if (accessible === undefined) return <ShareBusy />;
  if (!accessible) return <StatusPage title="share.blocked.title" text="share.blocked.text" />;
  return <ShareContent key={shareId} shareId={shareId} folderIds={folderIds} first={first} />;
}

function ShareBusy() {
  const t = useT();
  return <BusyNotice text={t('drive.loading')} />;
}

function StatusPage({ title, text }: { title: MessageKey; text: MessageKey }) {
  const t = useT();
  return (
    <section className="share-page share-status" aria-labelledby="share-status-title">
      <h1 id="share-status-title">{t(title)}</h1>
      <p>{t(text)}</p>
      <p>
        <a href="/">{t('share.goHome')}</a>
      </p>
    </section>
  );
}

/**
 * The IP access check (SPEC §2.7, §4): made by the server when it rendered the page (`checked`),
 * or asked here, a yes then kept for ten minutes; a blocked visitor sees no content, and the block
 * page is counted (after analysis opt-in) unless the access flag is set.
 */
function useAreaAccess(shareId: string, checked: boolean | undefined): boolean | undefined {
  const [accessible, setAccessible] = useState<boolean | undefined>(() => checked ?? (isAccessAllowed(documentCookieJar()) ? true : undefined));
  useEffect(() => {
    if (accessible !== undefined) return;
    api.get<AreaAccess>(AREA_ACCESSIBLE_PATH).then(
      ({ accessible: allowed }) => {
        if (allowed) markAccessAllowed(documentCookieJar());
        setAccessible(allowed);
      },
      // The check could not be made: the share's own rules still apply, so the page shows.
      () => setAccessible(true),
    );
  }, [accessible]);
  useEffect(() => {
    if (accessible === false && localStorage.getItem(STORAGE_KEYS.accessToVisit) !== 'true') {
      stat('block_page_show', { current_address: location.href, page_path: location.pathname, share_id: shareId });
    }
  }, [accessible, shareId]);
  return accessible;
}

/** A link into the share: it opens in place, like the folders of the list. */
function ShareLink({ to, children }: { to: string; children: ReactNode }) {
  const follow = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    openSharePlace(to);
  };
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  );
}

function ShareContent({ shareId, folderIds, first }: { shareId: string; folderIds: string[]; first: ShareFirstView | undefined }) {
  const t = useT();
  // A link may carry the passcode (SPEC §2.6 s_code); it is tried once, when the share opens.
  const [linkPassCode] = useState(() => (first ? first.linkPassCode : (new URLSearchParams(location.search).get('s_code') ?? undefined)));
  const [passCode, setPassCode] = useState(linkPassCode ?? '');
  const [tried, setTried] = useState<string | undefined>(linkPassCode);
  const [loaded, setLoaded] = useState<Loaded>(() =>
    first?.view
      ? {
          status: 'ready',
          view: first.view,
          files: first.files,
          nextPageToken: first.nextPageToken,
          access: { shareId, passCode: first.linkPassCode, passCodeToken: first.passCodeToken },
          folderId: first.folderIds.at(-1),
        }
      : { status: 'loading' },
  );
  // The share is looked up (and its view counted) once, by the server when it rendered the page or
  // here; walking its folders then lists them only.
  const opened = useRef<{ view: ShareView; access: ShareAccess; tried: string | undefined } | undefined>(
    first?.view?.share_status === 'OK'
      ? {
          // At the top level the server sends the files listed once, in `first.files`.
          view: first.folderIds.length === 0 ? { ...first.view, files: first.files, next_page_token: first.nextPageToken } : first.view,
          access: { shareId, passCode: first.linkPassCode, passCodeToken: first.passCodeToken },
          tried: first.linkPassCode,
        }
      : undefined,
  );
  // The server's answer for this place came with the page: not asked for again.
  const answeredByServer = useRef(first?.view !== undefined);
  const folderId = folderIds.at(-1);

  useEffect(() => {
    if (answeredByServer.current) {
      answeredByServer.current = false;
      return;
    }
    let current = true;
    (async () => {
      let share = opened.current?.tried === tried ? opened.current : undefined;
      if (!share) {
        const access: ShareAccess = { shareId, passCode: tried, passCodeToken: passcodeTokenOf(shareId) };
        const view = await shares.view(access);
        if (view.pass_code_token) {
          keepPasscodeToken(shareId, view.pass_code_token);
          access.passCodeToken = view.pass_code_token;
        }
        share = { view, access, tried };
        if (view.share_status === 'OK') opened.current = share;
      }
      const { view, access } = share;
      if (view.share_status !== 'OK') return { view, files: [], nextPageToken: '', access };
      if (!folderId) return { view, files: view.files, nextPageToken: view.next_page_token, access };
      const folder = await shares.folder(access, folderId);
      return folder.share_status === 'OK'
        ? { view, files: folder.files, nextPageToken: folder.next_page_token, access }
        : { view: { ...view, share_status: folder.share_status }, files: [], nextPageToken: '', access };
    })().then(
      (result) => current && setLoaded({ status: 'ready', ...result, folderId }),
      (error: unknown) => current && setLoaded({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [shareId, folderId, tried]);

  if (loaded.status === 'loading') return <ShareBusy />;
  if (loaded.status === 'failed') return <FailureNotice failure={loaded.error} />;
  const status = loaded.view.share_status;
  if (status === 'PASS_CODE_EMPTY' || status === 'PASS_CODE_ERROR') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      setTried(passCode.trim());
    };
    return (
      <section className="share-page share-passcode" aria-labelledby="share-passcode-title">
        <h1 id="share-passcode-title">{t('share.passcode.title')}</h1>
        <p>{t('share.passcode.hint')}</p>
        {/* Without script (before the page's script runs) the form reloads the page with ?s_code=,
            which the server tries. */}
        <form method="get" onSubmit={submit}>
          <TextField
            name="s_code"
            label={t('share.passcode.label')}
            value={passCode}
            onValueChange={setPassCode}
            autoComplete="off"
            maxLength={10}
            required
            error={status === 'PASS_CODE_ERROR' ? t('share.passcode.wrong') : undefined}
          />
          <button type="submit" className="button primary">
            {t('share.passcode.submit')}
          </button>
        </form>
      </section>
    );
  }
  const page = STATUS_PAGES[status];
  if (page) return <StatusPage {...page} />;
  return <SharedFiles shareId={shareId} folderIds={folderIds} view={loaded.view} firstPage={loaded} knownNames={first?.folderNames} />;
}

type Saving = { status: 'idle' } | { status: 'saving'; progress?: number } | { status: 'saved'; link: string } | { status: 'failed'; error: unknown };

type SharedFilesProps = {
  shareId: string;
  folderIds: string[];
  view: ShareView;
  /** The first page of what the place holds (the share's top, or the folder), and the next's token. */
  firstPage: { files: DriveFile[]; nextPageToken: string; access: ShareAccess; folderId: string | undefined };
  /** Folder names the server looked up for the address the page was opened at. */
  knownNames: Record<string, string> | undefined;
};

function SharedFiles({ shareId, folderIds, view, firstPage, knownNames }: SharedFilesProps) {
  const t = useT();
  // A share or folder of more than a page: the next page of the place's own listing (the share's
  // items, or the folder's) as the visitor scrolls to its end; the share is not opened again.
  const { access, folderId } = firstPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: access and folderId are parts of firstPage
  const listing = useMemo(
    () => createPagedListing((pageToken) => (folderId ? shares.folder(access, folderId, pageToken) : shares.view(access, pageToken)), firstPage),
    [firstPage],
  );
  const listed = useStore(listing.$state);
  const files = listed.status === 'ready' ? listed.files : firstPage.files;
  const nearEnd = useNearEnd(listing.loadMore);
  // Who is signed in, and their time zone, are the browser's: the server's render shows neither.
  const hydrated = useHydrated();
  const list = useRef<HTMLUListElement>(null);
  const shown = usePageWindow(list, files.length, SHARE_ROW_HEIGHT, hydrated);
  const user = useStore($user);
  const signedIn = hydrated && user.status === 'signed-in';
  const [previewed, setPreviewed] = useState<DriveFile>();
  const [saving, setSaving] = useState<Saving>({ status: 'idle' });
  const [choosingFolder, setChoosingFolder] = useState(false);
  const [reporting, setReporting] = useState(false);
  const names = hydrated ? { ...folderNames(), ...knownNames } : { ...knownNames };

  async function save(body: RestoreBody) {
    setSaving({ status: 'saving' });
    try {
      setSaving({ status: 'saved', link: await saveShare(body, (progress) => setSaving({ status: 'saving', progress })) });
    } catch (error) {
      setSaving({ status: 'failed', error });
    }
  }

  // Inside a folder of the share, that folder is saved whole, with everything under it: the files
  // shown may be a first page of many.
  const saveBody = (): RestoreBody => ({
    share_id: shareId,
    ...(access.passCodeToken ? { pass_code_token: access.passCodeToken } : {}),
    ...(folderIds.length > 0 ? { file_ids: folderIds.slice(-1) } : {}),
  });

  function askToSave() {
    if (!signedIn) {
      // Signing in comes first; the same save then goes on by itself (SPEC §3.7).
      savePending(shareId, saveBody());
      location.assign(signInPathFor(`${location.pathname}${location.search}`));
      return;
    }
    void save(saveBody());
  }

  // Back from signing in: the save asked for before goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the visitor is signed in; save is new each render
  useEffect(() => {
    if (user.status !== 'signed-in') return;
    const pending = takePendingSave(shareId);
    if (pending) void save(pending);
  }, [user.status, shareId]);

  function open(file: DriveFile) {
    if (file.kind === 'drive#folder') {
      rememberFolderName(file.id, file.name);
      openSharePlace(sharePath(shareId, [...folderIds, file.id]));
    } else if (isComplete(file)) setPreviewed(file);
  }

  const load = async (fileId: string) => {
    const file = await shares.file(access, fileId);
    if (!file) throw new Error('file_not_found');
    return file;
  };
  // Films play for visitors as for the owner, through the share (its passcode token, its checks).
  const playback = (fileId: string, body: PlaybackBody) =>
    drivePlayback.planShared({ ...body, share_id: shareId, file_id: fileId, ...(access.passCodeToken ? { pass_code_token: access.passCodeToken } : {}) });

  return (
    <section className="share-page" aria-labelledby="share-title">
      <header className="share-header">
        <h1 id="share-title">{view.title}</h1>
        <p className="share-facts">
          <span>{t('share.sharedBy', { name: view.user_info.nickname })}</span>
          <span>{t('share.fileCount', { count: Number(view.file_num) })}</span>
          <span>
            {view.expiration_at && view.expiration_at !== NEVER
              ? t('share.expires', { date: formatLongDate(view.expiration_at, hydrated ? undefined : 'UTC') })
              : t('share.neverExpires')}
          </span>
        </p>
        <div className="share-actions">
          <button type="button" className="button primary" onClick={askToSave} disabled={saving.status === 'saving' || files.length === 0}>
            {t('share.save')}
          </button>
          {signedIn && (
            <button
              type="button"
              className="button secondary"
              onClick={() => setChoosingFolder(true)}
              disabled={saving.status === 'saving' || files.length === 0}
            >
              {t('share.saveTo')}
            </button>
          )}
          {saving.status === 'saving' && (
            <span role="status">{saving.progress === undefined ? t('share.saving') : t('share.savingProgress', { progress: saving.progress })}</span>
          )}
          {saving.status === 'saved' && (
            <span role="status">
              {t('share.saved')} <a href={saving.link}>{t('share.openSaved')}</a>
            </span>
          )}
        </div>
        {saving.status === 'failed' && <FailureNotice failure={saving.error} />}
      </header>
      <nav className="breadcrumbs" aria-label={t('share.path')}>
        <ol>
          <li>{folderIds.length > 0 ? <ShareLink to={sharePath(shareId)}>{view.title}</ShareLink> : <span aria-current="page">{view.title}</span>}</li>
          {folderIds.map((id, index) => (
            <li key={id}>
              {index === folderIds.length - 1 ? (
                <span aria-current="page">{names[id] ?? '…'}</span>
              ) : (
                <ShareLink to={sharePath(shareId, folderIds.slice(0, index + 1))}>{names[id] ?? '…'}</ShareLink>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <ul
        ref={list}
        className="share-files"
        aria-label={t('share.listLabel')}
        // The rows out of view are left out; padding keeps the page as long as the whole list.
        style={shown && { paddingTop: shown.offsetTop, paddingBottom: shown.totalHeight - shown.offsetTop - (shown.end - shown.start) * SHARE_ROW_HEIGHT }}
      >
        {files.slice(shown?.start ?? 0, shown?.end ?? files.length).map((file, index) => (
          <li
            key={file.id}
            className="share-file"
            // Screen readers still hear where a row sits in the whole list (-1: more to come, how many unknown).
            aria-posinset={(shown?.start ?? 0) + index + 1}
            aria-setsize={listed.status === 'ready' && listed.nextPageToken ? -1 : files.length}
          >
            <button type="button" className="share-file-open" onClick={() => open(file)}>
              <FileIcon file={file} size={24} />
              <span className="share-file-name">{file.name}</span>
            </button>
            <span className="share-file-size">{file.kind === 'drive#folder' ? t('files.folderKind') : formatSize(file.size)}</span>
            {file.kind === 'drive#file' && (
              <button
                type="button"
                className="button secondary"
                aria-label={t('share.downloadFile', { name: file.name })}
                onClick={() =>
                  void load(file.id).then(
                    (info) => info.web_content_link && startDownload(info.web_content_link),
                    (error: unknown) => setSaving({ status: 'failed', error }),
                  )
                }
              >
                {t('share.download')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {listed.status === 'ready' && listed.problem && <FailureNotice failure={listed.problem.error} onRetry={listed.problem.retry} />}
      {listed.status === 'ready' && listed.nextPageToken && (
        <div ref={nearEnd} className="share-more">
          <button type="button" className="button secondary" disabled={listed.loadingMore} onClick={() => void listing.loadMore()}>
            {t('share.more')}
          </button>
        </div>
      )}
      {choosingFolder && (
        <Suspense>
          <FolderPickerDialog
            title={t('share.picker.title')}
            chooseLabel={t('share.picker.saveHere')}
            // Without a folder chosen, "Save to my drive" puts the files in Saved shares.
            unchanged=""
            onChoose={async (folder) => void save({ ...saveBody(), parent_id: folder?.id ?? '' })}
            onClose={() => setChoosingFolder(false)}
          />
        </Suspense>
      )}
      <p className="share-report">
        <button type="button" className="link-button" onClick={() => setReporting(true)}>
          {t('share.report.open')}
        </button>
      </p>
      {reporting && (
        <Suspense>
          <ReportShareDialog shareId={shareId} onClose={() => setReporting(false)} />
        </Suspense>
      )}
      {previewed && (
        <Suspense>
          <PreviewDialog file={previewed} siblings={files.filter(isComplete)} onClose={() => setPreviewed(undefined)} load={load} playback={playback} />
        </Suspense>
      )}
    </section>
  );
}
