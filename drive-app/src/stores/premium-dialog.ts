// The drive's premium dialogs (SPEC §2.7 show_storage_dialog, show_traffic_dialog,
// open_redeem_box, show_invite_dialog), open over whichever page asked. Inside a host the host
// shows its own instead: the ask becomes its action.
import { atom } from 'nanostores';
import { isEmbedded, runLinkAction } from '../embedding/embedding.ts';

export const PREMIUM_DIALOG_ACTIONS = {
  storage: 'show_storage_dialog',
  traffic: 'show_traffic_dialog',
  redeem: 'open_redeem_box',
  invite: 'show_invite_dialog',
} as const;
export type PremiumDialogKind = keyof typeof PREMIUM_DIALOG_ACTIONS;

export const $premiumDialog = atom<PremiumDialogKind | undefined>(undefined);

/** Opens a premium dialog: inside a host, the host's own (its action); on its own, the drive's. */
export function askForMore(kind: PremiumDialogKind): void {
  const action = PREMIUM_DIALOG_ACTIONS[kind];
  if (isEmbedded) runLinkAction({ action, actionName: action, handledBy: 'host', params: {} });
  else $premiumDialog.set(kind);
}

/** The dialog an entry's `action` parameter asks for, if it is one of these. */
export function premiumDialogOfAction(action: string | null): PremiumDialogKind | undefined {
  return (Object.keys(PREMIUM_DIALOG_ACTIONS) as PremiumDialogKind[]).find((kind) => PREMIUM_DIALOG_ACTIONS[kind] === action);
}
