// The drive's failures as translated, actionable messages: every error the files API names, and
// every problem a file name can have, caught here before sending or answered by the server.
import type { ApiError } from '#shared/api/client.ts';
import { isApiErrorName } from '#shared/api/errors.ts';
import { FILE_ERROR_MESSAGES } from '#shared/files/error-messages.ts';
import type { NameProblem } from '#shared/files/names.ts';
import { NAME_MAX_BYTES } from '#shared/files/names.ts';
import type { Message } from '../accounts/error-messages.ts';

export const NAME_PROBLEM_MESSAGES: Record<NameProblem, Message> = {
  empty: { key: 'files.name.empty' },
  dot: { key: 'files.name.dot' },
  slash: { key: 'files.name.slash' },
  control: { key: 'files.name.control' },
  too_long: { key: 'files.name.tooLong', values: { max: NAME_MAX_BYTES } },
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
  const key = isApiErrorName(failure.error) ? FILE_ERROR_MESSAGES[failure.error] : undefined;
  return key ? { key } : undefined;
}
