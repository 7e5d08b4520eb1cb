// Component tests render with the real en-US messages, as the app does once they are loaded.
import { vi } from 'vitest';
import { createTranslator } from '#shared/i18n/translator.ts';
import enUS from '../../../content/i18n/en-US.json';
import { $messages } from '../stores/messages.ts';

export function loadEnglishMessages() {
  // The messages store fetches its locale when first used; answer with the same messages.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(enUS), { headers: { 'Content-Type': 'application/json' } }));
  $messages.set({ status: 'ready', locale: 'en-US', t: createTranslator('en-US', enUS) });
}
