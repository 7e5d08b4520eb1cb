import { useState } from 'react';
import { useT } from '../../i18n.ts';

/** A zoom level that steps through `steps`, starting (and resetting) at `initial`. */
export function useZoom(steps: readonly number[], initial = 1) {
  const [zoom, setZoom] = useState(initial);
  return {
    zoom,
    zoomIn: () => setZoom((at) => steps.find((step) => step > at) ?? at),
    zoomOut: () => setZoom((at) => [...steps].reverse().find((step) => step < at) ?? at),
    reset: () => setZoom(initial),
    canZoomIn: zoom < steps.at(-1)!,
    canZoomOut: zoom > steps[0]!,
  };
}

type Props = ReturnType<typeof useZoom> & {
  /** The level between the buttons resets the zoom when pressed (images fit the window again). */
  resettable?: boolean;
};

/** − level + : the same buttons (and keys) for every viewer that zooms. */
export function ZoomControls({ zoom, zoomIn, zoomOut, reset, canZoomIn, canZoomOut, resettable = false }: Props) {
  const t = useT();
  const level = <span aria-hidden={resettable || undefined}>{Math.round(zoom * 100)}%</span>;
  return (
    <span className="image-zoom">
      <button type="button" className="icon-button" onClick={zoomOut} disabled={!canZoomOut} aria-keyshortcuts="-">
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">{t('files.preview.zoomOut')}</span>
      </button>
      {resettable ? (
        <button type="button" className="button secondary zoom-level" onClick={reset} aria-keyshortcuts="0">
          <span className="visually-hidden">{t('files.preview.zoomReset')}</span>
          {level}
        </button>
      ) : (
        <span className="zoom-level" aria-live="polite">
          {level}
        </span>
      )}
      <button type="button" className="icon-button" onClick={zoomIn} disabled={!canZoomIn} aria-keyshortcuts="+">
        <span aria-hidden="true">+</span>
        <span className="visually-hidden">{t('files.preview.zoomIn')}</span>
      </button>
    </span>
  );
}
