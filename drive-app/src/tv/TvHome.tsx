import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { ALL_FOLDERS } from '#shared/api/files-client.ts';
import type { WatchingItem } from '#shared/api/watching.ts';
import { formatPlayingTime } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { driveFiles, driveWatching } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { FileIcon } from '../components/files/FileIcon.tsx';
import { isComplete, previewKindOf } from '../files/file-links.ts';
import { useT } from '../i18n.ts';
import { directionOf, firstSpot, isBackKey, isOkKey, nextSpot, type TileSpot } from './lean-back-focus.ts';

// The player (Vidstack with hls.js) loads when something is played, as in the drive.
const TvPlayer = lazy(async () => ({ default: (await import('./TvPlayer.tsx')).TvPlayer }));

/** Tiles a row of a folder holds: what a TV shows across at a glance. */
const TILES_PER_ROW = 5;
/** What each row of the home screen lists at most. */
const ROW_LENGTH = 20;

const isPlayable = (file: DriveFile) => isComplete(file) && (previewKindOf(file) === 'video' || previewKindOf(file) === 'audio');

/** A row of tiles, headed by a translated title or by a folder's name (data, never a key), or by nothing. */
type Row = { id: string; title?: MessageKey; name?: string; tiles: DriveFile[] };
type Folder = { id: string; name: string };
type Loaded = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; rows: Row[]; watching: Map<string, WatchingItem> };

/** The rows of the home screen (the drive's top) or of a folder walked into. */
async function rowsOf(folder: Folder | undefined): Promise<Row[]> {
  const listing = (parentId: string) => driveFiles.listPage({ parentId, order: 'NAME_ASC', pinFoldersTop: true, limit: 200 });
  const inFolder = async (parentId: string) => (await listing(parentId)).files.filter((file) => file.kind === 'drive#folder' || isPlayable(file));
  if (folder) {
    const items = await inFolder(folder.id);
    const rows: Row[] = [];
    for (let at = 0; at < items.length; at += TILES_PER_ROW)
      rows.push({ id: `${folder.id}-${at}`, ...(at === 0 ? { name: folder.name } : {}), tiles: items.slice(at, at + TILES_PER_ROW) });
    return rows;
  }
  const [continuing, recent, top] = await Promise.all([
    driveWatching.continueWatching(ROW_LENGTH),
    driveFiles.listPage({ parentId: ALL_FOLDERS, order: 6, pinFoldersTop: false, filters: { mime_type: { prefix: 'video/' } }, limit: ROW_LENGTH }),
    inFolder(''),
  ]);
  return [
    { id: 'continue', title: 'tv.row.continue', tiles: continuing.files.map((entry) => entry.file) },
    { id: 'recent', title: 'tv.row.recentVideos', tiles: recent.files.filter(isPlayable) },
    { id: 'drive', title: 'tv.row.drive', tiles: top.slice(0, ROW_LENGTH * 2) },
  ];
}

/**
 * The TV page once signed in: Continue watching, the latest videos and the drive's top level as
 * rows of large tiles; a folder opens as rows of its own; a video or audio file plays full screen.
 * Arrows move, OK opens or plays, Back goes back up (lean-back-focus.ts).
 */
export function TvHome() {
  const t = useT();
  const [trail, setTrail] = useState<Folder[]>([]);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [spot, setSpot] = useState<TileSpot>({ row: 0, column: 0 });
  const [playing, setPlaying] = useState<{ file: DriveFile; siblings: DriveFile[] }>();
  const [round, setRound] = useState(0);
  const page = useRef<HTMLDivElement>(null);
  const folder = trail.at(-1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (back from playing) asks again
  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    (async () => {
      const rows = await rowsOf(folder);
      const ids = [...new Set(rows.flatMap((row) => row.tiles.filter(isPlayable).map((file) => file.id)))].slice(0, 500);
      const looked = ids.length > 0 ? await driveWatching.lookup({ ids }) : { files: [] };
      return { rows, watching: new Map(looked.files.map((item) => [item.file_id, item])) };
    })().then(
      ({ rows, watching }) => {
        if (!current) return;
        setLoaded({ status: 'ready', rows, watching });
        setSpot(firstSpot(rows.map((row) => row.tiles.length)));
      },
      (error: unknown) => current && setLoaded({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [folder, round]);

  const rows = loaded.status === 'ready' ? loaded.rows : [];
  const open = useCallback((file: DriveFile, row: Row) => {
    if (file.kind === 'drive#folder') setTrail((walked) => [...walked, { id: file.id, name: file.name }]);
    else setPlaying({ file, siblings: row.tiles.filter(isPlayable) });
  }, []);

  // The focused tile has the page's focus, so OK is its click and a screen reader reads it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows are new tiles, which take the focus anew
  useEffect(() => {
    if (playing) return;
    page.current?.querySelector<HTMLElement>(`[data-spot="${spot.row}-${spot.column}"]`)?.focus();
  }, [spot, playing, rows]);

  useEffect(() => {
    if (playing) return;
    function onKey(event: KeyboardEvent) {
      const direction = directionOf(event.key);
      if (direction) {
        event.preventDefault();
        setSpot((from) =>
          nextSpot(
            rows.map((row) => row.tiles.length),
            from,
            direction,
          ),
        );
      } else if (isBackKey(event) && trail.length > 0) {
        event.preventDefault();
        setTrail((walked) => walked.slice(0, -1));
      } else if (isOkKey(event.key) && !(event.target instanceof HTMLButtonElement)) {
        const row = rows[spot.row];
        const file = row?.tiles[spot.column];
        if (row && file) open(file, row);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, spot, trail, playing, open]);

  if (playing) {
    return (
      <Suspense fallback={<BusyNotice text={t('drive.loading')} />}>
        <TvPlayer
          file={playing.file}
          siblings={playing.siblings}
          onClose={() => {
            setPlaying(undefined);
            // Positions changed while watching: the rows show them.
            setRound((n) => n + 1);
          }}
        />
      </Suspense>
    );
  }
  return (
    <div className="tv-home" ref={page}>
      <header className="tv-header">
        <h1>{folder ? folder.name : t('tv.title')}</h1>
        {trail.length > 0 && <p className="tv-hint">{t('tv.backHint')}</p>}
      </header>
      {loaded.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {loaded.status === 'failed' && <FailureNotice failure={loaded.error} onRetry={() => setRound((n) => n + 1)} />}
      {loaded.status === 'ready' && rows.every((row) => row.tiles.length === 0) && <p className="tv-hint">{t('tv.empty')}</p>}
      {loaded.status === 'ready' &&
        rows.map((row, rowIndex) =>
          row.tiles.length === 0 ? null : (
            <section key={row.id} className="tv-row" aria-label={row.title ? t(row.title) : row.name}>
              {(row.title || row.name) && <h2>{row.title ? t(row.title) : row.name}</h2>}
              <div className="tv-tiles">
                {row.tiles.map((file, column) => (
                  <Tile
                    key={file.id}
                    file={file}
                    watching={loaded.watching.get(file.id)}
                    spot={`${rowIndex}-${column}`}
                    onOpen={() => {
                      setSpot({ row: rowIndex, column });
                      open(file, row);
                    }}
                  />
                ))}
              </div>
            </section>
          ),
        )}
    </div>
  );
}

function Tile({ file, watching, spot, onOpen }: { file: DriveFile; watching: WatchingItem | undefined; spot: string; onOpen: () => void }) {
  const t = useT();
  const duration = watching?.duration ?? 0;
  const progress = duration > 0 && watching ? Math.min(1, watching.position / duration) : 0;
  return (
    <button type="button" className="tv-tile" data-spot={spot} onClick={onOpen}>
      <span className="tv-tile-picture">
        {watching?.thumbnail_link ? <img src={watching.thumbnail_link} alt="" loading="lazy" /> : <FileIcon file={file} size={72} />}
        {duration > 0 && <span className="tv-tile-duration">{formatPlayingTime(duration)}</span>}
        {progress > 0 && (
          <span
            className="tv-tile-progress"
            role="progressbar"
            aria-label={t('tv.watched')}
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${progress * 100}%` }} />
          </span>
        )}
      </span>
      <span className="tv-tile-name">{file.name}</span>
    </button>
  );
}
