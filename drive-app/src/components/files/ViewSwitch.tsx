import type { FileViewType } from '#shared/files/view-settings.ts';
import { useT } from '../../i18n.ts';

type Props = { view: FileViewType; onView(view: FileViewType): void };

/** List or grid (SPEC §3.6 view types of a file list). */
export function ViewSwitch({ view, onView }: Props) {
  const t = useT();
  return (
    <div className="view-switch" role="group" aria-label={t('files.view.label')}>
      <button type="button" className="view-button" aria-pressed={view === 'list'} onClick={() => onView('list')}>
        <span aria-hidden="true">☰</span>
        <span className="view-label">{t('files.view.list')}</span>
      </button>
      <button type="button" className="view-button" aria-pressed={view === 'grid'} onClick={() => onView('grid')}>
        <span aria-hidden="true">▦</span>
        <span className="view-label">{t('files.view.grid')}</span>
      </button>
    </div>
  );
}
