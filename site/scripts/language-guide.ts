// The language guide (SPEC §3.7 pp_hide_lang_change, §7.5): a visitor whose browser prefers another
// of Nubo's languages than the page's is offered that language, once, until they switch or say no.
// The offer in each language is written into the page at build time, so nothing is fetched.
import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import { COOKIES, documentCookieJar } from '#shared/cookies.ts';
import { isLocale, type Locale, matchLocale } from '#shared/i18n/locales.ts';
import { type StatTransport, stat } from '#shared/statistics.ts';

/** One language's offer, in that language: the guide's label, text and buttons, and the page's address in it. */
export type LanguageOffer = { label: string; text: string; switch: string; dismiss: string; href: string };

export type GuideSituation = {
  pageLocale: Locale;
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[];
  /** pp_hide_lang_change: the visitor said no once. */
  hidden: boolean;
  /** The locale cookie: a language the visitor chose on purpose, which is not second-guessed. */
  chosenLocale: string | undefined;
};

/** The language to offer, or undefined when the page is already in it or the visitor does not want to be asked. */
export function languageToOffer({ pageLocale, browserLanguages, hidden, chosenLocale }: GuideSituation): Locale | undefined {
  if (hidden || isLocale(chosenLocale)) return undefined;
  // The first of the browser's languages Nubo speaks: later ones are fallbacks the visitor reads less well.
  for (const language of browserLanguages) {
    const locale = matchLocale(language);
    if (locale) return locale === pageLocale ? undefined : locale;
  }
  return undefined;
}

/** `guide` holds a [data-part=text] paragraph, a [data-part=switch] link and a [data-part=dismiss] button. */
export function startLanguageGuide(guide: HTMLElement, send?: StatTransport): void {
  const pageLocale = guide.dataset.locale;
  if (!isLocale(pageLocale)) return;
  let hidden: boolean;
  try {
    hidden = localStorage.getItem(STORAGE_KEYS.hideLangChange) !== null;
  } catch {
    return; // Storage is closed (a private mode): a "no" could not be kept, so do not ask.
  }
  const target = languageToOffer({ pageLocale, browserLanguages: navigator.languages, hidden, chosenLocale: documentCookieJar().get(COOKIES.locale.name) });
  const offer = target && (JSON.parse(guide.dataset.offers ?? '{}') as Partial<Record<Locale, LanguageOffer>>)[target];
  if (!target || !offer) return;

  const switchLink = guide.querySelector<HTMLAnchorElement>('[data-part=switch]')!;
  // The guide speaks the offered language, so screen readers pronounce it as such.
  guide.lang = target;
  guide.setAttribute('aria-label', offer.label);
  guide.querySelector('[data-part=text]')!.textContent = offer.text;
  switchLink.textContent = offer.switch;
  switchLink.href = offer.href;
  switchLink.hreflang = target;
  guide.querySelector('[data-part=dismiss]')!.textContent = offer.dismiss;
  guide.hidden = false;

  switchLink.addEventListener('click', () => {
    stat('language_guide_switch_click', { page_path: location.pathname, from: pageLocale, to: target }, send);
  });
  guide.querySelector('[data-part=dismiss]')!.addEventListener('click', () => {
    localStorage.setItem(STORAGE_KEYS.hideLangChange, 'true');
    guide.hidden = true;
  });
}
