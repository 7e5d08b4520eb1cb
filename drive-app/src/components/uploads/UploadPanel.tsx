import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../i18n.ts';
import { $layout } from '../../stores/layout.ts';
import { $uploads, uploadQueue } from '../../stores/uploads.ts';
import { UploadItem } from './UploadItem.tsx';

/** The uploads of this tab, each with its progress, speed and controls; hidden when there are none. */
export function UploadPanel({ userId }: { userId: string }) {
  const t = useT();
  const entries = useStore($uploads);
  // On a phone the list would cover the files; its header still says how far along it is.
  const [collapsed, setCollapsed] = useState(() => $layout.get().isMobile);
  const titleId = useId();
  const listId = useId();

  // Uploads a reload interrupted show up, waiting for their files to be picked again.
  useEffect(() => uploadQueue.restoreUnfinished(userId), [userId]);

  if (entries.length === 0) return null;
  const done = entries.filter((entry) => entry.status === 'done').length;
  const finished = entries.some((entry) => entry.status === 'done' || entry.status === 'failed');
  return (
    <section className="upload-panel" aria-labelledby={titleId}>
      <header className="upload-panel-header">
        <h2 id={titleId}>{t('uploads.title')}</h2>
        <span className="upload-summary">{t('uploads.summary', { done, total: entries.length })}</span>
        {finished && (
          <button type="button" className="link-button" onClick={() => uploadQueue.dismissFinished()}>
            {t('uploads.clearFinished')}
          </button>
        )}
        <button type="button" className="icon-button" aria-expanded={!collapsed} aria-controls={listId} onClick={() => setCollapsed(!collapsed)}>
          <span aria-hidden="true">{collapsed ? '▴' : '▾'}</span>
          <span className="visually-hidden">{collapsed ? t('uploads.expand') : t('uploads.collapse')}</span>
        </button>
      </header>
      <ul id={listId} className="upload-list" hidden={collapsed}>
        {entries.map((entry) => (
          <UploadItem key={entry.key} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
