// The UI strings of the current locale, fetched at run time from /i18n/<locale>/messages.json
// (cached 24 h by the browser) with en-US behind them for any key a locale lacks.
import { atom, onMount } from 'nanostores';
import { messagesPath } from '#shared/api/messages.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import { createTranslator, type Messages, type Translate } from '#shared/i18n/translator.ts';
import { $locale } from './locale.ts';

export type MessagesState = { status: 'loading' } | { status: 'ready'; locale: Locale; t: Translate } | { status: 'failed' };

export const $messages = atom<MessagesState>({ status: 'loading' });

async function fetchMessages(locale: Locale): Promise<Messages> {
  const response = await fetch(messagesPath(locale));
  if (!response.ok) throw new Error(`messages for ${locale}: HTTP ${response.status}`);
  return response.json();
}

export async function loadMessages(locale: Locale) {
  const shown = $messages.get();
  if (shown.status === 'ready' && shown.locale === locale) return;
  try {
    const [messages, fallback] = await Promise.all([fetchMessages(locale), locale === DEFAULT_LOCALE ? Promise.resolve({}) : fetchMessages(DEFAULT_LOCALE)]);
    // A slower answer for a locale the user already left must not win.
    if ($locale.get() !== locale) return;
    document.documentElement.lang = locale;
    $messages.set({ status: 'ready', locale, t: createTranslator(locale, messages, fallback) });
  } catch (failure) {
    console.error('[i18n] could not load messages', failure);
    if ($messages.get().status !== 'ready') $messages.set({ status: 'failed' });
  }
}

// The server's render of the share page is handed its strings; it never fetches them.
if (!import.meta.env.SSR) onMount($messages, () => $locale.subscribe((locale) => void loadMessages(locale)));
