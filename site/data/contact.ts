// The addresses people can write to (content/contact.json): the operator's, since every Nubo
// server is run by someone else. Null until the operator publishes one.
import { isEmail } from '#shared/patterns.ts';
import raw from '../../content/contact.json';

export type Contact = { email: string | null; abuseEmail: string | null };

export function parseContact(json: unknown): Contact {
  const entries = (json ?? {}) as Record<string, unknown>;
  const addressOf = (key: keyof Contact): string | null => {
    const value = entries[key];
    if (value === null) return null;
    if (typeof value !== 'string' || !isEmail(value)) throw new Error(`content/contact.json: "${key}" must be an e-mail address or null`);
    return value;
  };
  return { email: addressOf('email'), abuseEmail: addressOf('abuseEmail') };
}

export const contact: Contact = parseContact(raw);
