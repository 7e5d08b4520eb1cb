// The drive app's UI strings (SPEC §7.5), read once at start from content/i18n/<locale>.json:
// served by routes/messages.ts and used by the share page's server render.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '#shared/i18n/locales.ts';

export type LoadedMessages = { messages: Record<string, string>; etag: string };

export function loadMessages(contentDir: string): Map<string, LoadedMessages> {
  const loaded = new Map<string, LoadedMessages>();
  for (const locale of LOCALES) {
    const body = readFileSync(path.join(contentDir, 'i18n', `${locale}.json`), 'utf8');
    // A broken file stops the start, not a visitor's page.
    loaded.set(locale, { messages: JSON.parse(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });
  }
  return loaded;
}
