import { type KeyboardEvent, useEffect, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { inlineLink } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';
import { NoPreview } from './NoPreview.tsx';
import { useZoom, ZoomControls } from './ZoomControls.tsx';

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
  const zooming = useZoom(ZOOM_STEPS, FIT);
  const { zoom, zoomIn, zoomOut, reset } = zooming;
  const [broken, setBroken] = useState(false);
  // Each image starts fitted to the window.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another file is shown, not when reset changes
  useEffect(() => {
    reset();
    setBroken(false);
  }, [file.id]);

  function keys(event: KeyboardEvent) {
    const run = { '+': zoomIn, '=': zoomIn, '-': zoomOut, '0': reset, ArrowLeft: onPrevious, ArrowRight: onNext }[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  }

  if (broken) return <NoPreview file={file} link={link} reason="broken" />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the viewer's keys (zoom, next, previous) work wherever the focus is inside it
    <div className="image-viewer" onKeyDown={keys}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: a scrollable region is focusable and named, so keyboards can scroll it */}
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
        <ZoomControls {...zooming} resettable />
      </div>
    </div>
  );
}
