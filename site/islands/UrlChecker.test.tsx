// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The server's answer to the inspection, as this server would send it. */
  function answering(status: number, body: unknown) {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push({ url: request.url, body: await request.clone().json() });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    return calls;
  }

  it('shows a pasted link with markup in it as text only, and the name and size the server inspected, as text', async () => {
    const calls = answering(200, {
      kind: 'drive#resource',
      source: 'http',
      url: 'https://example.com/a.zip',
      name: '<b>a</b>.zip',
      size: '2048',
      mime_type: 'application/zip',
      file_category: 'ARCHIVE',
      files: [],
    });
    const { container } = render(<UrlChecker messages={messages} />);
    check('https://example.com/<img src=x onerror=alert(1)>.zip');
    expect(container.querySelector('[data-part=checked]')?.textContent).toBe('https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E.zip');
    expect(container.querySelector('[data-part=result] img')).toBeNull();
    expect(await screen.findByText('<b>a</b>.zip')).toBeDefined();
    expect(container.querySelector('[data-part=inspected] b')).toBeNull();
    expect(screen.getByText('2.00 KB')).toBeDefined();
    expect(calls).toEqual([
      { url: 'https://nubo.example.org/drive/v1/offline:inspect', body: { url: 'https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E.zip' } },
    ]);
    expect(screen.getByRole('button', { name: enUS['site.urlChecker.save'] })).toBeDefined();
  });

  it('says what checking a magnet link has not learned yet, and still offers to save it', async () => {
    answering(200, {
      kind: 'drive#resource',
      source: 'torrent',
      url: 'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=holiday',
      name: 'holiday',
      size: '-1',
      mime_type: '',
      file_category: 'OTHER',
      files: [],
      state: 'looking_for_files',
      info_hash: '0123456789abcdef0123456789abcdef01234567',
    });
    const { container } = render(<UrlChecker messages={messages} />);
    check('magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=holiday');
    expect(await screen.findByText('holiday')).toBeDefined();
    expect(container.querySelector('[data-part=still-checking]')?.textContent).toBe(enUS['offline.dialog.lookingForFiles']);
    expect(screen.getByRole('button', { name: enUS['site.urlChecker.save'] })).toBeDefined();
  });

  it('sends a signed-out visitor to sign in, coming back to the same link', async () => {
    answering(401, { error: 'unauthenticated', error_code: 16, error_description: 'Sign in first.' });
    render(<UrlChecker messages={messages} />);
    check('https://example.com/file.zip');
    const signIn = await screen.findByRole('link', { name: enUS['site.urlChecker.signIn'] });
    const back = new URL(signIn.getAttribute('href')!, location.origin).searchParams.get('redirect');
    expect(back).toBe('/en-US/url-checker?url=https%3A%2F%2Fexample.com%2Ffile.zip');
    expect(screen.getByRole('status').textContent).toBe(enUS['error.unauthenticated']);
    expect(screen.queryByRole('button', { name: enUS['site.urlChecker.save'] })).toBeNull();
  });
});
