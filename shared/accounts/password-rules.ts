// The password rule, shared by the sign-up form (to explain before sending) and the server (to
// enforce): long enough, not a well-known password, and not built from the person's own name or
// e-mail — the patterns that breached-password lists are made of.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'personal';

/** Passwords that top every breach list, lower-cased; a password equal to one is refused. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '99999999',
  '11223344',
  '12341234',
  '12344321',
  '123123123',
  '147258369',
  '123qweasd',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'qwerty12',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbnm1',
  'zxcvbnm123',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pa$$word',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'batman123',
  'starwars',
  'whatever',
  'trustno1',
  'letmein1',
  'welcome1',
  'welcome123',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'aa123456',
  'a1234567',
  'a12345678',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'admin123',
  'administrator',
  'changeme',
  'computer',
  'internet',
  'monkey123',
  'dragon123',
  'michael1',
  'jennifer',
  'jordan23',
  'shadow123',
  'master123',
  'mustang1',
  'liverpool',
  'chelsea1',
  'arsenal1',
  'charlie1',
  'freedom1',
  'qazwsxedc',
  'zaq12wsx',
  'secret123',
  'default1',
  'loveyou1',
  'iloveu123',
  'nubo1234',
  'nubopassword',
  'cloud123',
  'drive123',
  'samsung1',
  'google123',
  'microsoft',
  'minecraft',
  'pokemon1',
]);

/** The first problem with a password, or undefined when it may be used. */
export function passwordProblem(password: string, person: { email?: string; name?: string } = {}): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || isOneRepeatedRun(lower) || isKeyboardOrCountingRun(lower)) return 'common';
  const personal = [person.email?.split('@')[0], person.email, person.name].filter((part): part is string => !!part && part.length >= 4);
  if (personal.some((part) => lower.includes(part.toLowerCase()))) return 'personal';
  return undefined;
}

/** "aaaaaaaa", "abababab", "abcabcabc": a short unit repeated. */
function isOneRepeatedRun(password: string): boolean {
  for (let unit = 1; unit <= 3; unit++) {
    if (password.length % unit === 0 && password === password.slice(0, unit).repeat(password.length / unit)) return true;
  }
  return false;
}

/** "abcdefgh", "98765432": each character one step from the last. */
function isKeyboardOrCountingRun(password: string): boolean {
  const codes = [...password].map((c) => c.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}
