import type { DriveFile } from '#shared/api/files.ts';
import { classifyFile } from '#shared/files/classify.ts';

type Props = { file: Pick<DriveFile, 'kind' | 'name' | 'mime_type'>; size: number };

/** A folder, or a page coloured by the file's kind (SPEC §5 classification); decoration only. */
export function FileIcon({ file, size }: Props) {
  if (file.kind === 'drive#folder') {
    return (
      <svg className="file-icon file-icon-folder" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path d="M2.5 6.5a2 2 0 0 1 2-2h4.6l2 2h8.4a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-15a2 2 0 0 1-2-2z" />
      </svg>
    );
  }
  const kind = classifyFile({ name: file.name, mimeType: file.mime_type });
  return (
    <svg className={`file-icon file-icon-${kind}`} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path className="file-icon-page" d="M6 2.5h8l5 5V20a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 20V4a1.5 1.5 0 0 1 1-1.5z" />
      <path className="file-icon-fold" d="M14 2.5v5h5" />
      <rect className="file-icon-band" x="7.5" y="12" width="9" height="6" rx="1" />
    </svg>
  );
}
