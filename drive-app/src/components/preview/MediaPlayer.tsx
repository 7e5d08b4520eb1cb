import { useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import { hasUnsupportedAudio, inlineLink } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';
import { NoPreview } from './NoPreview.tsx';

type Props = { file: DriveFile; link: string; kind: 'video' | 'audio' };

/** The browser's own player on the inline link, which streams and seeks with Range requests. */
export function MediaPlayer({ file, link, kind }: Props) {
  const t = useT();
  const [unplayable, setUnplayable] = useState(false);
  if (unplayable) return <NoPreview file={file} link={link} reason="unplayable" />;
  const source = inlineLink(link);
  return (
    <div className={`media-player media-${kind}`}>
      {hasUnsupportedAudio(file) && <p className="notice notice-success">{t('files.preview.noSound')}</p>}
      {kind === 'video' ? (
        <video src={source} controls autoPlay playsInline preload="metadata" onError={() => setUnplayable(true)} aria-label={file.name} />
      ) : (
        <audio src={source} controls autoPlay preload="metadata" onError={() => setUnplayable(true)} aria-label={file.name} />
      )}
    </div>
  );
}
