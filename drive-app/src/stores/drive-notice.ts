// What the last file action did, or why it failed: one message under the toolbar, announced to
// screen readers, until the next action or until it is dismissed.
import { atom } from 'nanostores';
import type { Message } from '#shared/api/error-messages.ts';

export type DriveNotice = { tone: 'success'; message: Message } | { tone: 'failure'; failure: unknown };

export const $driveNotice = atom<DriveNotice | undefined>(undefined);

export function noticeDone(message: Message): void {
  $driveNotice.set({ tone: 'success', message });
}

export function noticeFailure(failure: unknown): void {
  $driveNotice.set({ tone: 'failure', failure });
}

export function dismissDriveNotice(): void {
  $driveNotice.set(undefined);
}
