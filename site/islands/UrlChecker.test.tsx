// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTranslator } from '#shared/i18n/translator.ts';
import enUS from '../../content/i18n/en-US.json';
import { islandMessages } from './island.ts';
import { URL_CHECKER_MESSAGES, UrlChecker } from './UrlChecker.tsx';

const messages = islandMessages(createTranslator('en-US', enUS), URL_CHECKER_MESSAGES);

function check(link: string) {
  fireEvent.change(screen.getByLabelText(enUS['site.urlChecker.label']), { target: { value: link } });
  fireEvent.click(screen.getByRole('button', { name: enUS['site.urlChecker.check'] }));
}

describe('UrlChecker', () => {
  beforeEach(() => {
    cleanup();
    // happy-dom's own way to put the page on this server, whose shares the checker recognises.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://nubo.example.org/en-US/url-checker');
  });

  it('says a script URL is no link, and offers nothing for it', () => {
    render(<UrlChecker messages={messages} />);
    check('javascript:alert(document.cookie)');
    expect(screen.getByRole('status').textContent).toBe(enUS['site.urlChecker.invalid']);
    expect(screen.queryByRole('button', { name: enUS['site.urlChecker.save'] })).toBeNull();
  });

  it('offers to open a share of this server where it is, passcode included', () => {
    render(<UrlChecker messages={messages} />);
    check('https://nubo.example.org/s/AbC123?s_code=x1y2');
    expect(screen.getByText(enUS['site.urlChecker.isShare'])).toBeDefined();
    expect(screen.getByRole('link', { name: enUS['site.urlChecker.openShare'] }).getAttribute('href')).toBe('/s/AbC123?s_code=x1y2');
  });

  it('shows a pasted link with markup in it as text only, and offers to save it', () => {
    const { container } = render(<UrlChecker messages={messages} />);
    check('https://example.com/<img src=x onerror=alert(1)>.zip');
    expect(container.querySelector('[data-part=checked]')?.textContent).toBe('https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E.zip');
    expect(container.querySelector('[data-part=result] img')).toBeNull();
    expect(screen.getByRole('button', { name: enUS['site.urlChecker.save'] })).toBeDefined();
  });
});
