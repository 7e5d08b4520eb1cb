// The drive's premium dialogs (SPEC §2.7 show_storage_dialog, show_traffic_dialog,
// open_redeem_box, show_invite_dialog), open over whichever page asked. Inside a host the host
// shows its own instead (components/premium/RemedyProvider.tsx decides).
import { atom } from 'nanostores';

export const PREMIUM_DIALOG_ACTIONS = {
  storage: 'show_storage_dialog',
  traffic: 'show_traffic_dialog',
  redeem: 'open_redeem_box',
  invite: 'show_invite_dialog',
} as const;
export type PremiumDialogKind = keyof typeof PREMIUM_DIALOG_ACTIONS;

export const $premiumDialog = atom<PremiumDialogKind | undefined>(undefined);

/** The dialog an entry's `action` parameter asks for, if it is one of these. */
export function premiumDialogOfAction(action: string | null): PremiumDialogKind | undefined {
  return (Object.keys(PREMIUM_DIALOG_ACTIONS) as PremiumDialogKind[]).find((kind) => PREMIUM_DIALOG_ACTIONS[kind] === action);
}
