// Asking for more storage or download traffic, or for the code box (SPEC §2.7 show_storage_dialog,
// show_traffic_dialog, open_redeem_box): inside a host (a native app sells through its own store,
// a host page has its own shop) the action goes to the host; on its own the drive shows its dialog.
import { atom } from 'nanostores';
import { toApiError } from '#shared/api/client.ts';
import { API_ERROR_MESSAGES, type Message } from '#shared/api/error-messages.ts';
import type { EmbeddedAction } from '#shared/embedded.ts';
import { isEmbedded, runLinkAction } from '../embedding/embedding.ts';

/** What each dialog is about: storage (show_storage_dialog), traffic (show_traffic_dialog), or a code (open_redeem_box). */
export type PremiumDialogKind = 'storage' | 'traffic' | 'redeem';

export const $premiumDialog = atom<PremiumDialogKind | undefined>(undefined);

const ACTIONS: Record<PremiumDialogKind, EmbeddedAction> = {
  storage: 'show_storage_dialog',
  traffic: 'show_traffic_dialog',
  redeem: 'open_redeem_box',
};

export function closePremiumDialog(): void {
  $premiumDialog.set(undefined);
}

export function askForMore(kind: PremiumDialogKind): void {
  if (isEmbedded) runLinkAction({ action: ACTIONS[kind], actionName: ACTIONS[kind], handledBy: 'host', params: {} });
  else $premiumDialog.set(kind);
}

/** The dialog that remedies a failure: more storage for a full drive, more traffic for used-up downloads. */
export function remedyFor(failure: unknown): 'storage' | 'traffic' | undefined {
  const { error } = toApiError(failure);
  if (error === 'file_space_not_enough') return 'storage';
  if (error === 'traffic_not_enough') return 'traffic';
  return undefined;
}

/** The same, for a failure already turned into its message (an upload's problem). */
export function remedyForMessage(message: Message): 'storage' | 'traffic' | undefined {
  if (message.key === API_ERROR_MESSAGES.file_space_not_enough) return 'storage';
  if (message.key === API_ERROR_MESSAGES.traffic_not_enough) return 'traffic';
  return undefined;
}
