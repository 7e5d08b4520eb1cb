import { useEffect, useState, type KeyboardEvent } from 'react';
import type { DriveFile } from '#shared/api/resources.ts';
import { useT } from '../../i18n.ts';
import { inlineLink } from '../../files/file-links.ts';
import { NoPreview } from './NoPreview.tsx';

type Props = {
  file: DriveFile;
  link: string;
  position: { at: number; of: number } | undefined;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
};

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];
const FIT = 1;

/** One image, fitted to the window at first; zoom with the buttons or + − 0, step with ← →. */
export function ImageViewer({ file, link, position, onPrevious, onNext }: Props) {
  const t = useT();
  const [zoom, setZoom] = useState(FIT);
  const [broken, setBroken] = useState(false);
  // Each image starts fitted to the window.
  useEffect(() => {
    setZoom(FIT);
    setBroken(false);
  }, [file.id]);
  const zoomIn = () => setZoom(ZOOM_STEPS.find((step) => step > zoom) ?? zoom);
  const zoomOut = () => setZoom([...ZOOM_STEPS].reverse().find((step) => step < zoom) ?? zoom);

  function keys(event: KeyboardEvent) {
    const run = { '+': zoomIn, '=': zoomIn, '-': zoomOut, '0': () => setZoom(FIT), ArrowLeft: onPrevious, ArrowRight: onNext }[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  }

  if (broken) return <NoPreview file={file} link={link} reason="broken" />;
  return (
    <div className="image-viewer" onKeyDown={keys}>
      <div className="image-stage" data-zoomed={zoom > FIT} tabIndex={0} data-autofocus aria-label={t('files.preview.imageArea')}>
        <img key={file.id} src={inlineLink(link)} alt={file.name} style={{ transform: `scale(${zoom})` }} onError={() => setBroken(true)} />
      </div>
      <div className="image-controls" role="group" aria-label={t('files.preview.controls')}>
        {onPrevious && (
          <button type="button" className="button secondary" onClick={onPrevious} aria-keyshortcuts="ArrowLeft">
            {t('files.preview.previous')}
          </button>
        )}
        {position && <span className="image-position">{t('files.preview.position', position)}</span>}
        {onNext && (
          <button type="button" className="button secondary" onClick={onNext} aria-keyshortcuts="ArrowRight">
            {t('files.preview.next')}
          </button>
        )}
        <span className="image-zoom">
          <button type="button" className="icon-button" onClick={zoomOut} disabled={zoom <= ZOOM_STEPS[0]!} aria-keyshortcuts="-">
            <span aria-hidden="true">−</span>
            <span className="visually-hidden">{t('files.preview.zoomOut')}</span>
          </button>
          <button type="button" className="button secondary zoom-level" onClick={() => setZoom(FIT)} aria-keyshortcuts="0">
            <span className="visually-hidden">{t('files.preview.zoomReset')}</span>
            <span aria-hidden="true">{Math.round(zoom * 100)}%</span>
          </button>
          <button type="button" className="icon-button" onClick={zoomIn} disabled={zoom >= ZOOM_STEPS.at(-1)!} aria-keyshortcuts="+">
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">{t('files.preview.zoomIn')}</span>
          </button>
        </span>
      </div>
    </div>
  );
}
