import type { DriveFile } from '#shared/api/files.ts';
import { startDownload } from '../../files/file-links.ts';
import { useT } from '../../i18n.ts';

type Props = {
  file: DriveFile;
  link: string;
  /** 'type': not a kind the app previews; 'broken' and 'unplayable': the browser could not show it. */
  reason: 'type' | 'broken' | 'unplayable';
};

const REASONS = { type: 'files.preview.unsupported', broken: 'files.preview.broken', unplayable: 'files.preview.unplayable' } as const;

/** Says plainly that this file cannot be shown here, and offers to download it. */
export function NoPreview({ file, link, reason }: Props) {
  const t = useT();
  return (
    <div className="no-preview">
      <p>{t(REASONS[reason], { name: file.name })}</p>
      <button type="button" className="button primary" onClick={() => startDownload(link)}>
        {t('files.preview.download')}
      </button>
    </div>
  );
}
