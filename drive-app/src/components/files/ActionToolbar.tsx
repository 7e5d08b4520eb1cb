import { ariaKeyShortcuts } from '../../actions/shortcuts.ts';
import type { ActionContext, DriveAction } from '../../actions/types.ts';
import { useT } from '../../i18n.ts';
import { ActionIcon } from '../ActionIcon.tsx';

type Props = { label: string; actions: readonly DriveAction[]; context: ActionContext; onRun(action: DriveAction): void; onClearSelection(): void };

/** The actions that apply now: the list's own, and with a selection those of the selected items. */
export function ActionToolbar({ label, actions, context, onRun, onClearSelection }: Props) {
  const t = useT();
  const count = context.files.length;
  const offered = actions.filter((action) => action.visible(context));
  const button = (action: DriveAction) => (
    <button
      key={action.id}
      type="button"
      className={`button secondary toolbar-button${action.dangerous ? ' danger' : ''}`}
      aria-keyshortcuts={ariaKeyShortcuts(action.shortcuts)}
      onClick={() => onRun(action)}
    >
      <ActionIcon name={action.icon} />
      <span className="toolbar-label">{t(action.label)}</span>
    </button>
  );
  return (
    <div className="action-toolbar" role="group" aria-label={label}>
      {offered.filter((action) => action.scope === 'list').map(button)}
      {count > 0 && (
        <span className="selection-count">
          {t('files.selectedCount', { count })}
          <button type="button" className="link-button" onClick={onClearSelection}>
            {t('files.clearSelection')}
          </button>
        </span>
      )}
      {count > 0 && offered.filter((action) => action.scope === 'selection').map(button)}
    </div>
  );
}
