// The drive app's language: resolved once at start (SPEC §2.1: cookie, then the browser's
// languages, then en-US; ?locale= switches when supported), switched from the language menu.
import { atom } from 'nanostores';
import { COOKIES, documentCookieJar } from '#shared/cookies.ts';
import { DEFAULT_LOCALE, type Locale, localeFromQuery, resolveLocale } from '#shared/i18n/locales.ts';

export function initialLocale(): Locale {
  const jar = documentCookieJar();
  const fromQuery = localeFromQuery(new URLSearchParams(location.search).get('locale'));
  if (fromQuery) {
    jar.set(COOKIES.locale.name, fromQuery, COOKIES.locale.options);
    return fromQuery;
  }
  return resolveLocale({ cookie: jar.get(COOKIES.locale.name), browserLanguages: navigator.languages });
}

// The server's render of the share page sets the locale it resolved for the request.
export const $locale = atom<Locale>(import.meta.env.SSR ? DEFAULT_LOCALE : initialLocale());

export function switchLocale(locale: Locale) {
  documentCookieJar().set(COOKIES.locale.name, locale, COOKIES.locale.options);
  $locale.set(locale);
}
