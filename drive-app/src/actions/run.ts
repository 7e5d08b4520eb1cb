// Running a change of the drive the same way for every action: the lists and the quota follow it,
// and the user hears what happened or why it did not.

import type { Message } from '#shared/api/error-messages.ts';
import type { DriveFile } from '#shared/api/files.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { driveChanged } from '../events.ts';
import { dismissDriveNotice, noticeDone, noticeFailure } from '../stores/drive-notice.ts';

/** Resolves true when the change was made. */
export async function changeDrive(change: () => Promise<unknown>, done?: Message): Promise<boolean> {
  dismissDriveNotice();
  try {
    await change();
    if (done) noticeDone(done);
    return true;
  } catch (failure) {
    noticeFailure(failure);
    return false;
  } finally {
    // Even a failed batch may have changed part of the drive.
    driveChanged();
  }
}

/** The message naming the item when there is one, and counting them when there are more. */
export function itemsMessage(files: readonly Pick<DriveFile, 'name'>[], one: MessageKey, many: MessageKey): Message {
  return files.length === 1 ? { key: one, values: { name: files[0]!.name } } : { key: many, values: { count: files.length } };
}
