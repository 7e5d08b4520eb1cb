// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LanguageOffer, languageToOffer, startLanguageGuide } from './language-guide.ts';
import { recordedStats } from './recorded-stats.ts';

const japanese: LanguageOffer = {
  label: '言語の提案',
  text: 'このページは日本語でもご覧いただけます。',
  switch: '日本語に切り替える',
  dismiss: '今後表示しない',
  href: '/ja/faq?locale=ja',
};

function guide(pageLocale = 'en-US'): HTMLElement {
  document.body.innerHTML = `
    <section id="language-guide" data-locale="${pageLocale}" hidden>
      <p data-part="text"></p>
      <a data-part="switch" href="/en-US/faq"></a>
      <button type="button" data-part="dismiss"></button>
    </section>`;
  const element = document.getElementById('language-guide')!;
  element.dataset.offers = JSON.stringify({ ja: japanese });
  return element;
}

describe('languageToOffer', () => {
  const situation = { pageLocale: 'en-US' as const, browserLanguages: ['ja-JP', 'en'], hidden: false, chosenLocale: undefined };

  it('offers the first browser language Nubo speaks when the page is in another', () => {
    expect(languageToOffer(situation)).toBe('ja');
    expect(languageToOffer({ ...situation, browserLanguages: ['fr-FR', 'zh-HK', 'en'] })).toBe('zh-TW');
  });

  it('offers nothing when the most preferred language Nubo speaks is the page’s own', () => {
    expect(languageToOffer({ ...situation, browserLanguages: ['en-GB', 'ja'] })).toBeUndefined();
    expect(languageToOffer({ ...situation, pageLocale: 'ja' })).toBeUndefined();
  });

  it('offers nothing when no browser language is supported', () => {
    expect(languageToOffer({ ...situation, browserLanguages: ['fr', 'de-DE'] })).toBeUndefined();
  });

  it('offers nothing once dismissed (pp_hide_lang_change) or when the visitor chose a language', () => {
    expect(languageToOffer({ ...situation, hidden: true })).toBeUndefined();
    expect(languageToOffer({ ...situation, chosenLocale: 'en-US' })).toBeUndefined();
  });
});

describe('language guide', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'en-US']);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the offer in the browser’s language, linking to the page in it', () => {
    const element = guide();
    startLanguageGuide(element, recordedStats().send);
    expect(element.hidden).toBe(false);
    expect(element.lang).toBe('ja');
    expect(element.getAttribute('aria-label')).toBe(japanese.label);
    expect(element.querySelector('p')!.textContent).toBe(japanese.text);
    const link = element.querySelector('a')!;
    expect(link.textContent).toBe(japanese.switch);
    expect(link.getAttribute('href')).toBe('/ja/faq?locale=ja');
    expect(element.querySelector('button')!.textContent).toBe(japanese.dismiss);
  });

  it('stays hidden on a page already in the browser’s language', () => {
    const element = guide('ja');
    startLanguageGuide(element, recordedStats().send);
    expect(element.hidden).toBe(true);
  });

  it('sends the switch click only after opt-in', () => {
    const element = guide();
    const { sent, send } = recordedStats();
    startLanguageGuide(element, send);
    const link = element.querySelector('a')!;
    // The click's navigation is not what is tested here.
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(sent).toEqual([]);
    localStorage.setItem('allow_analysis', 'true');
    link.click();
    expect(sent).toEqual([{ event: 'language_guide_switch_click', data: { page_path: location.pathname, from: 'en-US', to: 'ja' } }]);
  });

  it('is dismissed for good: pp_hide_lang_change is set and the next page does not show it', () => {
    const element = guide();
    startLanguageGuide(element, recordedStats().send);
    element.querySelector('button')!.click();
    expect(element.hidden).toBe(true);
    expect(localStorage.getItem('pp_hide_lang_change')).toBe('true');
    const next = guide();
    startLanguageGuide(next, recordedStats().send);
    expect(next.hidden).toBe(true);
  });
});
