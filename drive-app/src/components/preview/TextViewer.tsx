import { useEffect, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { formatSize } from '#shared/format.ts';
import { inlineLink } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { NoPreview } from './NoPreview.tsx';

type Props = { file: DriveFile; link: string };

/** How much of a text file the preview reads: enough to read, never a whole 2 GB log. */
export const TEXT_PREVIEW_BYTES = 512 * 1024;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; text: string; cut: boolean };

/** A text file's beginning as plain text (never as markup), saying when the rest is left out. */
export function TextViewer({ file, link }: Props) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: another file is read again even behind the same link
  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ status: 'loading' });
    fetch(inlineLink(link), { headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` }, signal: abort.signal })
      .then(async (answer) => {
        if (!answer.ok) throw new Error(`download answered ${answer.status}`);
        // Lenient decoding: a cut in the middle of a character, or a stray byte, shows as � and no more.
        const text = new TextDecoder('utf-8').decode(await answer.arrayBuffer());
        setLoaded({ status: 'ready', text, cut: Number(file.size) > TEXT_PREVIEW_BYTES });
      })
      .catch(() => !abort.signal.aborted && setLoaded({ status: 'failed' }));
    return () => abort.abort();
  }, [file.id, file.size, link]);

  if (loaded.status === 'loading') return <BusyNotice text={t('drive.loading')} />;
  if (loaded.status === 'failed') return <NoPreview file={file} link={link} reason="broken" />;
  return (
    <div className="text-viewer">
      {loaded.cut && <p className="notice">{t('files.preview.textCut', { shown: formatSize(TEXT_PREVIEW_BYTES, 0), size: formatSize(file.size) })}</p>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: a scrollable region is focusable and named, so keyboards can scroll it */}
      <pre tabIndex={0} data-autofocus aria-label={file.name}>
        {loaded.text}
      </pre>
    </div>
  );
}
