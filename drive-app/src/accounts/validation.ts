// What the forms check before sending, with the same rules the server applies (shared/), so the
// user learns what is wrong without a round trip.

import { passwordProblem } from '#shared/accounts/password-rules.ts';
import { type Message, PASSWORD_PROBLEM_MESSAGES } from '#shared/api/error-messages.ts';
import { isEmail } from '#shared/patterns.ts';

export function emailProblem(email: string): Message | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return { key: 'auth.validation.emailRequired' };
  return isEmail(trimmed) ? undefined : { key: 'auth.validation.emailInvalid' };
}

export function nameProblem(name: string): Message | undefined {
  return name.trim() === '' ? { key: 'auth.validation.nameRequired' } : undefined;
}

export function enteredPasswordProblem(password: string): Message | undefined {
  return password === '' ? { key: 'auth.validation.passwordRequired' } : undefined;
}

/** A password about to be set: the shared rule, with the person's own name and e-mail ruled out. */
export function newPasswordProblem(password: string, person: { email?: string; name?: string }): Message | undefined {
  const problem = passwordProblem(password, person);
  return problem ? PASSWORD_PROBLEM_MESSAGES[problem] : undefined;
}
