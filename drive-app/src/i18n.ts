import { useStore } from '@nanostores/react';
import { failureMessage } from '#shared/api/error-messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { Translate } from '#shared/i18n/translator.ts';
import { $messages } from './stores/messages.ts';

/** The translate function of the current locale; components render only once messages are ready. */
export function useT(): Translate {
  const state = useStore($messages);
  if (state.status !== 'ready') throw new Error('useT() used before the messages were loaded');
  return state.t;
}

/** The locale the shown messages are in, for formatting dates and times alongside them. */
export function useLocaleCode(): Locale {
  const state = useStore($messages);
  if (state.status !== 'ready') throw new Error('useLocaleCode() used before the messages were loaded');
  return state.locale;
}

/** A failure as its translated, actionable message (shared/api/error-messages.ts), in the current locale. */
export function useFailureText(): (failure: unknown) => string {
  const t = useT();
  const locale = useLocaleCode();
  return (failure) => {
    const { key, values } = failureMessage(failure, { locale });
    return t(key, values);
  };
}
