import { browser } from '@wxt-dev/browser';
import { useCallback, useEffect, useState } from 'react';
import { DOWNLOADS_PATH } from '#shared/app-paths.ts';
import { FolderPicker } from '../../components/FolderPicker.tsx';
import { RunningTasks } from '../../components/RunningTasks.tsx';
import { AskError, ask } from '../../lib/ask.ts';
import { addedText, translate } from '../../lib/i18n.ts';
import { type FoundLinks, findLinks, LINK_KINDS, type LinkKind, readPageLinks } from '../../lib/link-finder.ts';
import { SERVER_PROBLEM_MESSAGES } from '../../lib/problems.ts';
import type { ExtensionState, Folder, SaveOutcome } from '../../lib/protocol.ts';
import { readSettings, writeSettings } from '../../lib/settings.ts';
import { linksWithVisitorHeaders } from '../../lib/visitor-headers.ts';

export function Popup() {
  const t = translate();
  const [state, setState] = useState<ExtensionState>();
  const [failure, setFailure] = useState<string>();
  const reload = useCallback(() => {
    ask<ExtensionState>({ type: 'state' }).then(setState, (error: Error) => setFailure(error.message));
  }, []);
  useEffect(reload, [reload]);

  if (failure) return <p role="alert">{failure}</p>;
  if (!state) return <p role="status">{t('extension.popup.loading')}</p>;
  return (
    <main>
      <header className="popup-header">
        <h1>{t('extension.name')}</h1>
        <button type="button" className="link" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('extension.popup.settings')}
        </button>
      </header>
      {state.server.problem ? (
        <ServerProblemNotice state={state} />
      ) : state.signedIn ? (
        <SignedIn state={state} onSignedOut={reload} />
      ) : (
        <SignedOut onSignedIn={setState} />
      )}
    </main>
  );
}

function ServerProblemNotice({ state }: { state: ExtensionState }) {
  const t = translate();
  const problem = state.server.problem!;
  return (
    <section className="notice">
      <p role="alert">{t(SERVER_PROBLEM_MESSAGES[problem], { server: state.server.origin })}</p>
      <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
        {problem === 'unset' ? t('extension.popup.setServer') : t('extension.popup.checkServer')}
      </button>
    </section>
  );
}

function SignedOut({ onSignedIn }: { onSignedIn: (state: ExtensionState) => void }) {
  const t = translate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function signIn() {
    setBusy(true);
    setFailure(undefined);
    try {
      // The background runs the sign-in: this popup closes as soon as the sign-in window takes the focus.
      onSignedIn(await ask<ExtensionState>({ type: 'sign-in' }));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="notice">
      <p>{t('extension.signIn.signedOut')}</p>
      <button type="button" onClick={() => void signIn()} disabled={busy}>
        {t('extension.signIn.button')}
      </button>
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}

type PageRead = { links: FoundLinks; pageUrl: string } | { unreadable: true };

/** The page the popup is about: the active tab of the browser window last used. */
async function currentTab() {
  const [tab] = [
    ...(await browser.tabs.query({ active: true, lastFocusedWindow: true, windowType: 'normal' })),
    ...(await browser.tabs.query({ active: true, windowType: 'normal' })),
  ];
  return tab;
}

/** Every frame of the page read as it is now, links a script added after load included. */
async function readPage(): Promise<PageRead> {
  const tab = await currentTab();
  if (tab?.id === undefined) return { unreadable: true };
  try {
    const frames = await browser.scripting.executeScript({ target: { tabId: tab.id, allFrames: true }, func: readPageLinks });
    return { links: findLinks(frames.map((frame) => frame.result ?? [])), pageUrl: tab.url ?? '' };
  } catch {
    // A page the browser keeps extensions out of (its own pages, the web store).
    return { unreadable: true };
  }
}

const KIND_TITLES = { magnet: 'extension.links.magnets', torrent: 'extension.links.torrents', file: 'extension.links.files' } as const;

/** The cookies the browser holds for a link's site, as one Cookie header (only with access to that site). */
async function cookieHeader(url: string): Promise<string | undefined> {
  const cookies = await browser.cookies.getAll({ url });
  const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  return header || undefined;
}

function SignedIn({ state, onSignedOut }: { state: ExtensionState; onSignedOut: () => void }) {
  const t = translate();
  const [page, setPage] = useState<PageRead>();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [folderPath, setFolderPath] = useState<Folder[]>();
  const [withCookies, setWithCookies] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>();
  const [sent, setSent] = useState(0);

  useEffect(() => {
    void readPage().then(setPage);
    void readSettings().then((settings) => setFolderPath(settings.folderId ? [{ id: settings.folderId, name: settings.folderName }] : []));
  }, []);

  function choose(path: Folder[]) {
    setFolderPath(path);
    const folder = path.at(-1);
    void writeSettings({ folderId: folder?.id ?? '', folderName: folder?.name ?? '' });
  }

  function toggle(urls: string[], on: boolean) {
    const next = new Set(ticked);
    for (const url of urls) {
      if (on) next.add(url);
      else next.delete(url);
    }
    setTicked(next);
  }

  async function send() {
    if (!page || 'unreadable' in page) return;
    const urls = [...ticked];
    const webUrls = urls.filter((url) => /^https?:/i.test(url));
    // Asked first, in the click itself: the browser asks the person for access to those sites only.
    const cookiesAllowed =
      withCookies && state.secure && webUrls.length > 0
        ? await browser.permissions.request({ origins: [...new Set(webUrls.map((url) => `${new URL(url).origin}/*`))] })
        : false;
    setSending(true);
    setOutcome(undefined);
    try {
      const links = await linksWithVisitorHeaders(urls, { send: cookiesAllowed, pageUrl: page.pageUrl, cookiesFor: cookieHeader });
      const result = await ask<SaveOutcome>({ type: 'save', links, folderId: folderPath?.at(-1)?.id ?? '' });
      const parts = [
        ...(result.added > 0 ? [addedText(result.added)] : []),
        ...(result.refused.length > 0
          ? [t('extension.notify.refused', { count: result.refused.length, reason: [...new Set(result.refused.map((r) => r.reason))].join(' ') })]
          : []),
      ];
      setOutcome({ text: parts.join(' '), failed: result.refused.length > 0 });
      setTicked(new Set());
      setSent((count) => count + 1);
    } catch (error) {
      setOutcome({ text: (error as Error).message, failed: true });
      if (error instanceof AskError && error.signedOut) onSignedOut();
    } finally {
      setSending(false);
    }
  }

  async function signOut() {
    try {
      await ask({ type: 'sign-out' });
    } catch (error) {
      setOutcome({ text: (error as Error).message, failed: true });
      return;
    }
    onSignedOut();
  }

  const openDrive = () => void browser.tabs.create({ url: new URL(DOWNLOADS_PATH, state.server.origin).href });

  return (
    <>
      <section aria-labelledby="links-title">
        <h2 id="links-title">{t('extension.links.title')}</h2>
        {!page && <p role="status">{t('extension.links.reading')}</p>}
        {page && 'unreadable' in page && <p className="quiet">{t('extension.links.unreadable')}</p>}
        {page && 'links' in page && LINK_KINDS.every((kind) => page.links[kind].length === 0) && <p className="quiet">{t('extension.links.none')}</p>}
        {page && 'links' in page && LINK_KINDS.map((kind) => <LinkGroup key={kind} kind={kind} links={page.links} ticked={ticked} onToggle={toggle} />)}
      </section>
      {folderPath && <FolderPicker path={folderPath} onChange={choose} />}
      <label className={state.secure ? 'option' : 'option disabled'}>
        <input type="checkbox" checked={withCookies && state.secure} disabled={!state.secure} onChange={(event) => setWithCookies(event.target.checked)} />
        {t('extension.links.sendCookies')}
      </label>
      {!state.secure && <p className="quiet">{t('extension.links.cookiesNeedHttps')}</p>}
      <button type="button" className="primary" disabled={ticked.size === 0 || sending} onClick={() => void send()}>
        {t('extension.links.save', { count: ticked.size })}
      </button>
      {outcome && (
        <p role={outcome.failed ? 'alert' : 'status'} className={outcome.failed ? 'failure' : 'success'}>
          {outcome.text}
        </p>
      )}
      <RunningTasks key={sent} />
      <footer className="popup-footer">
        <button type="button" onClick={openDrive}>
          {t('extension.popup.openDrive')}
        </button>
        <button type="button" className="link" onClick={() => void signOut()}>
          {t('extension.signOut.button')}
        </button>
      </footer>
    </>
  );
}

function LinkGroup({
  kind,
  links,
  ticked,
  onToggle,
}: {
  kind: LinkKind;
  links: FoundLinks;
  ticked: ReadonlySet<string>;
  onToggle: (urls: string[], on: boolean) => void;
}) {
  const t = translate();
  const group = links[kind];
  if (group.length === 0) return null;
  const urls = group.map((link) => link.url);
  const all = urls.every((url) => ticked.has(url));
  return (
    <fieldset className="link-group">
      <legend>
        <label>
          <input type="checkbox" checked={all} onChange={(event) => onToggle(urls, event.target.checked)} />
          {t(KIND_TITLES[kind], { count: group.length })}
        </label>
      </legend>
      <ul>
        {group.map((link) => (
          <li key={link.url}>
            <label title={link.url}>
              <input type="checkbox" checked={ticked.has(link.url)} onChange={(event) => onToggle([link.url], event.target.checked)} />
              <span className="link-name">{link.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
