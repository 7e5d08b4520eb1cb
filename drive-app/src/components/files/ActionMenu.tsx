import { ariaKeyShortcuts, shortcutHint } from '../../actions/shortcuts.ts';
import type { ActionContext, DriveAction } from '../../actions/types.ts';
import { useT } from '../../i18n.ts';
import { MenuPopup } from '../menu/MenuPopup.tsx';

type Props = {
  actions: readonly DriveAction[];
  context: ActionContext;
  scope: DriveAction['scope'];
  at: { x: number; y: number };
  onRun(action: DriveAction): void;
  onClose(): void;
};

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The context menu: on an item its actions, on the list the list's own (new folder, upload, …). */
export function ActionMenu({ actions, context, scope, at, onRun, onClose }: Props) {
  const t = useT();
  const entries = actions
    .filter((action) => action.scope === scope && action.visible(context))
    .map((action) => ({
      id: action.id,
      label: t(action.label),
      icon: action.icon,
      hint: shortcutHint(action.shortcuts, IS_MAC),
      keyShortcuts: ariaKeyShortcuts(action.shortcuts),
      dangerous: action.dangerous,
      onSelect: () => onRun(action),
    }));
  if (entries.length === 0) return null;
  return <MenuPopup label={t('files.menu.label')} entries={entries} at={at} onClose={onClose} />;
}
