// What to tell a person when a files call fails, by the error's API name: the drive app and the
// site's islands that call the files API (the URL checker's save) say the same thing.
import type { ApiErrorName } from '../api/errors.ts';
import type { MessageKey } from '../i18n/translator.ts';

/** The errors of the files API (shared/api/errors.ts) and of the limits an upload can meet. */
export const FILE_ERROR_MESSAGES: Readonly<Partial<Record<ApiErrorName, MessageKey>>> = {
  file_space_not_enough: 'files.error.spaceNotEnough',
  file_not_found: 'files.error.notFound',
  file_in_recycle_bin: 'files.error.inTrash',
  file_duplicated_name: 'files.error.duplicatedName',
  file_rename_to_same_name: 'files.error.sameName',
  file_move_or_copy_to_cur: 'files.error.intoItself',
  file_name_empty: 'files.name.empty',
  file_restore_own: 'share.error.restoreOwn',
  task_daily_create_limit: 'files.error.dailyLimit',
  task_run_nums_limit: 'files.error.runningLimit',
  payload_too_large: 'files.error.tooLarge',
  service_unavailable: 'files.error.unavailable',
};
