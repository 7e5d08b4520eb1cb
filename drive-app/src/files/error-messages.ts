// The drive's failures as translated, actionable messages: every error the files API names, and
// every problem a file name can have, caught here before sending or answered by the server.
import type { ApiError } from '#shared/api/client.ts';
import type { NameProblem } from '#shared/files/names.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { NAME_MAX_BYTES } from '#shared/files/names.ts';
import type { Message } from '../accounts/error-messages.ts';

export const NAME_PROBLEM_MESSAGES: Record<NameProblem, Message> = {
  empty: { key: 'files.name.empty' },
  dot: { key: 'files.name.dot' },
  slash: { key: 'files.name.slash' },
  control: { key: 'files.name.control' },
  too_long: { key: 'files.name.tooLong', values: { max: NAME_MAX_BYTES } },
};

/** The errors of the files API (shared/api/errors.ts) and of the limits an upload can meet. */
export const FILE_ERROR_MESSAGES: Readonly<Record<string, MessageKey>> = {
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

function isNameProblem(reason: unknown): reason is NameProblem {
  return typeof reason === 'string' && Object.hasOwn(NAME_PROBLEM_MESSAGES, reason);
}

/** What to tell the user about a failed files call, or undefined when it is not a files error. */
export function fileFailureMessage(failure: ApiError): Message | undefined {
  if (failure.error === 'invalid_request') {
    // The server names the broken rule of a file name as the reason of the `name` field.
    for (const detail of failure.details) {
      const { field, reason } = (detail ?? {}) as { field?: unknown; reason?: unknown };
      if (field === 'name' && reason !== 'empty' && isNameProblem(reason)) return NAME_PROBLEM_MESSAGES[reason];
    }
    return undefined;
  }
  const key = FILE_ERROR_MESSAGES[failure.error];
  return key ? { key } : undefined;
}
