// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { startCookieTips } from './cookie-tips.ts';
import { recordedStats } from './recorded-stats.ts';

function banner(): HTMLElement {
  document.body.innerHTML = `
    <section id="cookie-tips" aria-label="Cookie consent" hidden>
      <p>We use cookies</p>
      <button type="button" data-consent="false">Only necessary</button>
      <button type="button" data-consent="true">Allow</button>
    </section>`;
  return document.getElementById('cookie-tips')!;
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('cookie tips', () => {
  beforeEach(() => localStorage.clear());

  it('shows the banner to a visitor who has not answered yet, sending nothing before opt-in', () => {
    const element = banner();
    const { sent, send } = recordedStats();
    startCookieTips(element, send);
    expect(element.hidden).toBe(false);
    expect(sent).toEqual([]);
  });

  it('stores allow_analysis=true on accept, hides the banner and sends the click, the first event allowed', () => {
    const element = banner();
    const { sent, send } = recordedStats();
    startCookieTips(element, send);
    button('Allow').click();
    expect(localStorage.getItem('allow_analysis')).toBe('true');
    expect(element.hidden).toBe(true);
    expect(sent).toEqual([{ event: 'cookie_tips_click', data: { page_path: location.pathname, allow_analysis: true } }]);
  });

  it('stores allow_analysis=false when only necessary cookies are allowed, and sends nothing', () => {
    const element = banner();
    const { sent, send } = recordedStats();
    startCookieTips(element, send);
    button('Only necessary').click();
    expect(localStorage.getItem('allow_analysis')).toBe('false');
    expect(element.hidden).toBe(true);
    expect(sent).toEqual([]);
  });

  it('does not ask again once answered', () => {
    localStorage.setItem('allow_analysis', 'false');
    const element = banner();
    startCookieTips(element, recordedStats().send);
    expect(element.hidden).toBe(true);
  });

  it('ignores clicks on the banner outside its buttons', () => {
    const element = banner();
    startCookieTips(element, recordedStats().send);
    element.querySelector('p')!.click();
    expect(localStorage.getItem('allow_analysis')).toBeNull();
    expect(element.hidden).toBe(false);
  });
});
