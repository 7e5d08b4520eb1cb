// The account forms' fields (sign in, sign up, profile, password change): each kind of value
// carries the same input type, autofill hint and length limit wherever it is asked for, so that
// password managers recognise it and the form never lets through more than the API accepts.

import { PASSWORD_MIN_LENGTH } from '#shared/accounts/password-rules.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH } from '#shared/api/accounts.ts';
import { type Message, messageText } from '#shared/api/error-messages.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { useT } from '../../i18n.ts';

type FieldProps = { value: string; onValueChange: (value: string) => void; problem: Message | undefined };

/** The e-mail address; autofilled as the `username` where it signs in, beside the password. */
export function EmailField({ signIn, problem, ...field }: FieldProps & { signIn?: boolean }) {
  const t = useT();
  return (
    <TextField
      label={t('auth.field.email')}
      type="email"
      name="email"
      autoComplete={signIn ? 'username' : 'email'}
      maxLength={EMAIL_MAX_LENGTH}
      error={messageText(t, problem)}
      {...field}
    />
  );
}

/** The name other people see. */
export function NameField({ label, problem, ...field }: FieldProps & { label: string }) {
  const t = useT();
  return <TextField label={label} name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} error={messageText(t, problem)} {...field} />;
}

/** A password: the one in use, or a new one with the rule it must meet shown beneath it. */
export function PasswordField({ purpose, label, problem, ...field }: FieldProps & { purpose: 'current' | 'new'; label: string }) {
  const t = useT();
  return (
    <TextField
      label={label}
      type="password"
      name={`${purpose}-password`}
      autoComplete={`${purpose}-password`}
      maxLength={PASSWORD_FIELD_MAX_LENGTH}
      {...(purpose === 'new' ? { hint: t('auth.password.rule', { min: PASSWORD_MIN_LENGTH }) } : {})}
      error={messageText(t, problem)}
      {...field}
    />
  );
}
