import { SORT_ORDERS, type SortOrder, type SortOrderKeyName, sortOrderKeyName } from '#shared/files/sort-order.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { useT } from '../../i18n.ts';
import { MenuButton } from '../menu/MenuButton.tsx';

const ORDER_LABELS: Record<SortOrderKeyName, MessageKey> = {
  NAME_ASC: 'files.sort.nameAsc',
  NAME_DESC: 'files.sort.nameDesc',
  TYPE_DESC: 'files.sort.type',
  MODIFY_TIME_ASC: 'files.sort.modifiedAsc',
  MODIFY_TIME_DESC: 'files.sort.modifiedDesc',
  SIZE_ASC: 'files.sort.sizeAsc',
  SIZE_DESC: 'files.sort.sizeDesc',
};

type Props = { order: SortOrder; pinFoldersTop: boolean; onOrder(order: SortOrder): void; onPinFoldersTop(pin: boolean): void };

/** The sort orders of SPEC §3.6, and whether folders stay on top (§3.5 pinFoldersTop). */
export function SortMenu({ order, pinFoldersTop, onOrder, onPinFoldersTop }: Props) {
  const t = useT();
  const entries = [
    ...SORT_ORDERS.map((entry) => ({
      id: entry.key,
      role: 'menuitemradio' as const,
      checked: entry.stored === order,
      label: t(ORDER_LABELS[entry.key]),
      onSelect: () => onOrder(entry.stored),
    })),
    {
      id: 'folders-first',
      role: 'menuitemcheckbox' as const,
      checked: pinFoldersTop,
      label: t('files.sort.foldersFirst'),
      onSelect: () => onPinFoldersTop(!pinFoldersTop),
    },
  ];
  return (
    <MenuButton label={t('files.sort.label')} entries={entries}>
      {t('files.sort.button', { order: t(ORDER_LABELS[sortOrderKeyName(order)]) })}
    </MenuButton>
  );
}
