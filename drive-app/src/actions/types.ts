// What a file action is (STYLE, Outline's app/actions): defined once, then listed by the toolbar
// and the context menu and run by its keyboard shortcut, all from the same definition.
import type { DriveFile } from '#shared/api/files.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import type { IconName } from '../components/ActionIcon.tsx';

/** Where a list lives: the folders of the drive, or the trash. */
export type FilePlace = 'drive' | 'trash';

export type ActionContext = {
  place: FilePlace;
  /** The folder shown, '' for the root; the trash has none. */
  folderId: string;
  /** What a selection action applies to: the selected items, in list order. */
  files: readonly DriveFile[];
  /** Everything listed so far, e.g. the images a preview steps through. */
  listed: readonly DriveFile[];
  openFolder(id: string): void;
  chooseFilesToUpload(): void;
  chooseFolderToUpload(): void;
};

/** A key with its modifiers; `mod` is Ctrl, or Cmd on a Mac. */
export type Shortcut = { key: string; mod?: boolean; shift?: boolean };

export type DriveAction = {
  id: string;
  label: MessageKey;
  /** Drawn beside the label, hidden from screen readers. */
  icon: IconName;
  /** 'selection' actions apply to the selected items; 'list' ones to the list itself (new folder). */
  scope: 'selection' | 'list';
  shortcuts?: readonly Shortcut[];
  /** Cannot be undone: shown in red. */
  dangerous?: boolean;
  /** Offered only where it applies. */
  visible(context: ActionContext): boolean;
  perform(context: ActionContext): Promise<void> | void;
};

export function defineAction(action: DriveAction): DriveAction {
  return action;
}
