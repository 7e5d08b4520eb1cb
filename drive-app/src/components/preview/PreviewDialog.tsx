import { lazy, Suspense, useEffect, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { PlaybackAnswer, PlaybackBody } from '#shared/api/playback.ts';
import { driveFiles } from '../../api.ts';
import { previewKindOf, startDownload } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { Dialog } from '../dialogs/Dialog.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { AudioQueue } from './AudioDetails.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { NoPreview } from './NoPreview.tsx';
import { TextViewer } from './TextViewer.tsx';

// PDF.js is big: it loads only when a PDF is opened.
const PdfViewer = lazy(async () => ({ default: (await import('./PdfViewer.tsx')).PdfViewer }));
// So is the media player (Vidstack with hls.js): it loads only when a video or audio file is opened.
const MediaPlayer = lazy(async () => ({ default: (await import('./MediaPlayer.tsx')).MediaPlayer }));

const isMedia = (file: DriveFile) => previewKindOf(file) === 'video' || previewKindOf(file) === 'audio';

type Props = {
  file: DriveFile;
  siblings: readonly DriveFile[];
  onClose(): void;
  /** How the file and its signed link are fetched: from the drive, or through a share. */
  load?: (fileId: string) => Promise<DriveFile>;
  /** How a video or audio file's playback is asked for through a share; the drive's own when absent. */
  playback?: ((fileId: string, body: PlaybackBody) => Promise<PlaybackAnswer>) | undefined;
};

type Loaded = { status: 'loading' } | { status: 'ready'; file: DriveFile; link: string } | { status: 'failed'; error: unknown };

/** A file shown in the page: images step through the folder's images; players stream with Range; text and PDF are read in place. */
export function PreviewDialog({ file, siblings, onClose, load = driveFiles.get, playback }: Props) {
  const t = useT();
  const images = previewKindOf(file) === 'image' ? siblings.filter((sibling) => previewKindOf(sibling) === 'image') : [];
  // Video and audio step forward through the folder's video and audio files, in the drive's order.
  const media = isMedia(file) ? siblings.filter(isMedia) : [];
  const [shownId, setShownId] = useState(file.id);
  const shown = images.find((image) => image.id === shownId) ?? media.find((item) => item.id === shownId) ?? file;
  const nextMedia = media[media.findIndex((item) => item.id === shown.id) + 1];
  const loaded = useSignedLink(shown.id, load);
  const at = images.findIndex((image) => image.id === shown.id);
  const step = (by: number) => {
    const next = images[(at + by + images.length) % images.length];
    if (next) setShownId(next.id);
  };

  const download = loaded.status === 'ready' && (
    <button type="button" className="button secondary" onClick={() => startDownload(loaded.link)}>
      {t('files.action.download')}
    </button>
  );

  return (
    <Dialog title={shown.name} onClose={onClose} className="preview-dialog" actions={download}>
      {loaded.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {loaded.status === 'failed' && <FailureNotice failure={loaded.error} />}
      {loaded.status === 'ready' && previewKindOf(shown) === 'image' && (
        <ImageViewer
          file={loaded.file}
          link={loaded.link}
          position={images.length > 1 ? { at: at + 1, of: images.length } : undefined}
          onPrevious={images.length > 1 ? () => step(-1) : undefined}
          onNext={images.length > 1 ? () => step(1) : undefined}
        />
      )}
      {loaded.status === 'ready' && isMedia(shown) && loaded.file.id === shown.id && (
        <Suspense fallback={<BusyNotice text={t('drive.loading')} />}>
          <MediaPlayer
            key={shown.id}
            file={loaded.file}
            link={loaded.link}
            kind={previewKindOf(shown) === 'video' ? 'video' : 'audio'}
            next={nextMedia}
            onNext={nextMedia && (() => setShownId(nextMedia.id))}
            playback={playback && ((body) => playback(shown.id, body))}
          />
        </Suspense>
      )}
      {isMedia(shown) && previewKindOf(shown) === 'audio' && (
        <AudioQueue tracks={media.filter((item) => previewKindOf(item) === 'audio')} playing={shown.id} onChoose={(track) => setShownId(track.id)} />
      )}
      {loaded.status === 'ready' && previewKindOf(shown) === 'text' && <TextViewer file={loaded.file} link={loaded.link} />}
      {loaded.status === 'ready' && previewKindOf(shown) === 'pdf' && (
        <Suspense fallback={<BusyNotice text={t('drive.loading')} />}>
          <PdfViewer file={loaded.file} link={loaded.link} />
        </Suspense>
      )}
      {loaded.status === 'ready' && previewKindOf(shown) === 'none' && <NoPreview file={loaded.file} link={loaded.link} reason="type" />}
    </Dialog>
  );
}

/**
 * The file with a fresh signed link, fetched each time another file is shown. The one shown
 * stays until the next arrives, so stepping through images keeps the viewer (and its focus).
 */
function useSignedLink(fileId: string, load: (fileId: string) => Promise<DriveFile>): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is the caller's; a new file is what asks again
  useEffect(() => {
    let current = true;
    setLoaded((shown) => (shown.status === 'ready' ? shown : { status: 'loading' }));
    load(fileId).then(
      (file) => current && setLoaded(file.web_content_link ? { status: 'ready', file, link: file.web_content_link } : { status: 'failed', error: undefined }),
      (error: unknown) => current && setLoaded({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [fileId]);
  return loaded;
}
