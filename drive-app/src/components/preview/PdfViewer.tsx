import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { inlineLink } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { NoPreview } from './NoPreview.tsx';
import { useZoom, ZoomControls } from './ZoomControls.tsx';

type Props = { file: DriveFile; link: string };

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** PDF.js and its worker load with the first PDF shown, as a chunk of their own. */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** A PDF's pages drawn in the page by PDF.js (its bytes streamed with Range), a page at a time. */
export function PdfViewer({ file, link }: Props) {
  const t = useT();
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const zooming = useZoom(ZOOM_STEPS);
  const { zoom, zoomIn, zoomOut } = zooming;
  const canvas = useRef<HTMLCanvasElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts again from its first page, even behind the same link
  useEffect(() => {
    let current = true;
    let loading: PDFDocumentLoadingTask | undefined;
    setDocument(undefined);
    setFailed(false);
    setPageNumber(1);
    loadPdfJs()
      .then((pdfjs) => {
        loading = pdfjs.getDocument({ url: inlineLink(link) });
        return current ? loading.promise : undefined;
      })
      .then(
        (pdf) => current && pdf && setDocument(pdf),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
      // Stops its downloads and its worker.
      void loading?.destroy();
    };
  }, [file.id, link]);

  useEffect(() => {
    if (!document || !canvas.current) return;
    let task: RenderTask | undefined;
    let current = true;
    void document.getPage(pageNumber).then(
      (page) => {
        if (!current || !canvas.current) return;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: zoom * ratio });
        const target = canvas.current;
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        target.style.width = `${Math.floor(viewport.width / ratio)}px`;
        task = page.render({ canvas: target, viewport });
        task.promise.catch(() => {});
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      task?.cancel();
    };
  }, [document, pageNumber, zoom]);

  if (failed) return <NoPreview file={file} link={link} reason="broken" />;
  if (!document) return <BusyNotice text={t('drive.loading')} />;

  const pages = document.numPages;
  const step = (by: number) => setPageNumber((at) => Math.min(pages, Math.max(1, at + by)));
  function keys(event: KeyboardEvent) {
    const run = new Map<string, () => void>([
      ['ArrowLeft', () => step(-1)],
      ['ArrowRight', () => step(1)],
      ['PageUp', () => step(-1)],
      ['PageDown', () => step(1)],
      ['+', zoomIn],
      ['=', zoomIn],
      ['-', zoomOut],
    ]).get(event.key);
    if (!run) return;
    event.preventDefault();
    run();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the viewer's keys (pages, zoom) work wherever the focus is inside it
    <div className="pdf-viewer" onKeyDown={keys}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: a scrollable region is focusable and named, so keyboards can scroll it */}
      <div className="pdf-stage" tabIndex={0} data-autofocus aria-label={t('files.preview.pdfPage', { at: pageNumber, of: pages })}>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the canvas is not focusable; its stage carries the page's name */}
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <div className="image-controls" role="group" aria-label={t('files.preview.pdfControls')}>
        <button type="button" className="button secondary" onClick={() => step(-1)} disabled={pageNumber <= 1} aria-keyshortcuts="ArrowLeft">
          {t('files.preview.previousPage')}
        </button>
        <span className="image-position">{t('files.preview.position', { at: pageNumber, of: pages })}</span>
        <button type="button" className="button secondary" onClick={() => step(1)} disabled={pageNumber >= pages} aria-keyshortcuts="ArrowRight">
          {t('files.preview.nextPage')}
        </button>
        <ZoomControls {...zooming} />
      </div>
    </div>
  );
}
