// The extension's background (a service worker in Chromium, an event page in Firefox): it alone
// holds the session and talks to Nubo. It answers the popup and the pages, saves links from the
// context menu, caught magnet links and caught downloads, tells the outcome of every send in a
// notification, and counts the downloads under way on the toolbar badge.
import { type Browser, browser } from '@wxt-dev/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { DOWNLOADS_PATH } from '#shared/app-paths.ts';
import { addedText, failureText, translate } from '../lib/i18n.ts';
import { linksInText } from '../lib/link-finder.ts';
import { foldersIn, runningTasks, saveLinks } from '../lib/nubo.ts';
import { SERVER_PROBLEM_MESSAGES } from '../lib/problems.ts';
import type { Answer, ExtensionState, LinkToSave, Request, SaveOutcome } from '../lib/protocol.ts';
import { browserRefusesCertificate, checkServer, hasServerPermission, type ServerCheck } from '../lib/server.ts';
import { forgetSession, isSignedIn, SignInError, signIn, signOut } from '../lib/session.ts';
import { downloadMatches, readSettings, type Settings, writeSettings } from '../lib/settings.ts';

const MENU = { link: 'save-link', media: 'save-media', selection: 'save-selection' } as const;
const BADGE_ALARM = 'running-downloads';
/** A download the person asked the browser for (Alt held while clicking) is left alone this long after the click. */
const LET_BROWSER_MS = 10_000;
const CLICK_CATCHER_ID = 'clicks';
/** Every web site, as the optional host permission names it. */
const ALL_SITES = '*://*/*';

export default defineBackground(() => {
  /** Downloads to leave to the browser: address → until when. */
  const letBrowser = new Map<string, number>();

  /** The server's state; `probe` (a check the person asked for) also tells a refused certificate apart from a server that does not answer. */
  async function serverState(settings: Settings, probe = false): Promise<ServerCheck> {
    if (!settings.serverUrl) return { ok: false, problem: 'unset', origin: '' };
    return checkServer(settings.serverUrl, probe ? () => browserRefusesCertificate(settings.serverUrl) : undefined);
  }

  async function state(probe = false): Promise<ExtensionState> {
    const settings = await readSettings();
    const check = await serverState(settings, probe);
    void updateBadge();
    return {
      server: check.ok ? { origin: check.origin, version: check.version } : { origin: check.origin, version: '', problem: check.problem },
      signedIn: !!settings.serverUrl && (await isSignedIn(settings.serverUrl)),
      secure: settings.serverUrl.startsWith('https://'),
    };
  }

  /** The server, when one is set and the extension may reach it; else the failure to tell. */
  async function usableServer(): Promise<string> {
    const settings = await readSettings();
    if (!settings.serverUrl) throw new Error(translate()('extension.server.unset'));
    if (!(await hasServerPermission(settings.serverUrl))) throw new Error(translate()('extension.server.noPermission'));
    return settings.serverUrl;
  }

  async function notify(message: string, withLink: boolean) {
    const t = translate();
    await browser.notifications.create(withLink ? `downloads-${Date.now()}` : `note-${Date.now()}`, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: t('extension.name'),
      message,
    });
  }

  function outcomeText(outcome: SaveOutcome): string {
    const t = translate();
    const parts: string[] = [];
    if (outcome.added > 0) parts.push(addedText(outcome.added));
    if (outcome.refused.length > 0) {
      const reasons = [...new Set(outcome.refused.map((refusal) => refusal.reason))];
      parts.push(t('extension.notify.refused', { count: outcome.refused.length, reason: reasons.join(' ') }));
    }
    return parts.join('\n');
  }

  /** Every send ends in a notification: how many started, or why not. */
  async function save(links: readonly LinkToSave[], folderId?: string): Promise<SaveOutcome> {
    const t = translate();
    if (links.length === 0) {
      await notify(t('extension.notify.nothing'), false);
      return { added: 0, refused: [] };
    }
    let outcome: SaveOutcome;
    try {
      const origin = await usableServer();
      outcome = await saveLinks(origin, links, folderId ?? (await readSettings()).folderId);
    } catch (failure) {
      const reason = failure instanceof Error && !('status' in failure) ? failure.message : failureText(failure);
      outcome = { added: 0, refused: links.map((link) => ({ url: link.url, reason })) };
    }
    // Nothing reached the server: say why, as the settings would (down, or a certificate the browser refuses).
    if (outcome.added === 0 && outcome.refused.length > 0 && outcome.refused.every((refusal) => refusal.network)) {
      const check = await serverState(await readSettings(), true);
      if (!check.ok) {
        const reason = t(SERVER_PROBLEM_MESSAGES[check.problem], { server: check.origin });
        outcome = { added: 0, refused: links.map((link) => ({ url: link.url, reason })) };
      }
    }
    await notify(outcomeText(outcome), outcome.added > 0);
    void followDownloads();
    return outcome;
  }

  /**
   * The badge: how many downloads are under way, or nothing when none; "!" while the server's
   * access was taken back (the person may have done it since the last start), said in its title.
   */
  async function updateBadge(): Promise<number> {
    const settings = await readSettings();
    const t = translate();
    if (settings.serverUrl && !(await hasServerPermission(settings.serverUrl))) {
      await browser.action.setBadgeBackgroundColor({ color: '#b42318' });
      await browser.action.setBadgeText({ text: '!' });
      await browser.action.setTitle({ title: t('extension.server.noPermission', { server: settings.serverUrl }) });
      return 0;
    }
    let count = 0;
    if (settings.serverUrl && (await isSignedIn(settings.serverUrl))) count = (await runningTasks(settings.serverUrl).catch(() => [])).length;
    await browser.action.setTitle({ title: t('extension.name') });
    await browser.action.setBadgeBackgroundColor({ color: '#2563eb' });
    await browser.action.setBadgeText({ text: count > 0 ? String(count) : '' });
    return count;
  }

  /** After a send the count changes soon: looked at again a few times while the background is awake. */
  async function followDownloads() {
    for (const delay of [1_500, 5_000, 15_000]) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await updateBadge();
    }
  }

  function linksFromMenu(info: Browser.contextMenus.OnClickData): string[] {
    if (info.menuItemId === MENU.selection) return linksInText(info.selectionText ?? '');
    const address = info.menuItemId === MENU.link ? info.linkUrl : info.srcUrl;
    return address ? [address] : [];
  }

  /** The context menu's entries: on links, selected text, images, video and audio. */
  async function saveFromContextMenu(info: Browser.contextMenus.OnClickData): Promise<SaveOutcome> {
    const links = linksFromMenu(info).filter((address) => /^(https?|magnet):/i.test(address));
    return save(links.map((url) => ({ url })));
  }
  // Reachable from the worker's console (and the browser tests), where no menu can be clicked.
  Object.assign(globalThis, { saveFromContextMenu });

  async function createMenus() {
    const t = translate();
    await browser.contextMenus.removeAll();
    browser.contextMenus.create({ id: MENU.link, title: t('extension.menu.saveLink'), contexts: ['link'] });
    browser.contextMenus.create({ id: MENU.media, title: t('extension.menu.saveMedia'), contexts: ['image', 'video', 'audio'] });
    browser.contextMenus.create({ id: MENU.selection, title: t('extension.menu.saveSelection'), contexts: ['selection'] });
  }

  /** The click catcher runs on every page only while catching is on and the person gave access to every site. */
  async function syncClickCatcher() {
    const settings = await readSettings();
    const wanted = (settings.catchMagnets || settings.catchDownloads) && (await browser.permissions.contains({ origins: [ALL_SITES] }));
    const registered = (await browser.scripting.getRegisteredContentScripts({ ids: [CLICK_CATCHER_ID] })).length > 0;
    if (wanted && !registered)
      await browser.scripting.registerContentScripts([
        { id: CLICK_CATCHER_ID, matches: [ALL_SITES], js: ['clicks.js'], allFrames: true, runAt: 'document_start', persistAcrossSessions: true },
      ]);
    if (!wanted && registered) await browser.scripting.unregisterContentScripts({ ids: [CLICK_CATCHER_ID] });
  }

  async function offerMagnet(url: string) {
    await browser.windows.create({ url: browser.runtime.getURL(`/offer.html?link=${encodeURIComponent(url)}`), type: 'popup', width: 460, height: 420 });
  }

  async function answer(request: Request): Promise<unknown> {
    switch (request.type) {
      case 'state':
        return state();
      case 'set-server': {
        const previous = await readSettings();
        // A session belongs to its server: another server starts signed out.
        if (previous.serverUrl !== request.origin) await forgetSession();
        await writeSettings({ serverUrl: request.origin, ...(previous.serverUrl !== request.origin ? { folderId: '', folderName: '' } : {}) });
        return state(true);
      }
      case 'sign-in':
        await signIn(await usableServer());
        void updateBadge();
        return state();
      case 'sign-out':
        await signOut(await usableServer());
        await updateBadge();
        return state();
      case 'save':
        return save(request.links, request.folderId);
      case 'tasks': {
        const tasks = await runningTasks(await usableServer());
        await browser.action.setBadgeText({ text: tasks.length > 0 ? String(tasks.length) : '' });
        return tasks;
      }
      case 'folders':
        return foldersIn(await usableServer(), request.parentId);
      case 'settings-changed':
        await syncClickCatcher();
        return null;
      case 'offer-magnet':
        await offerMagnet(request.url);
        return null;
      case 'let-browser-download':
        letBrowser.set(request.url, Date.now() + LET_BROWSER_MS);
        return null;
    }
  }

  function describeFailure(failure: unknown): Answer<never> {
    const t = translate();
    if (failure instanceof SignInError) {
      const key =
        failure.reason === 'cancelled'
          ? 'extension.signIn.cancelled'
          : failure.reason === 'unregistered'
            ? 'extension.signIn.unregistered'
            : 'extension.signIn.failed';
      return { ok: false, message: t(key) };
    }
    const signedOut = (failure as { status?: unknown }).status === 401;
    if (failure instanceof Error && !('status' in failure)) return { ok: false, message: failure.message };
    return { ok: false, message: failureText(failure), signedOut };
  }

  browser.runtime.onMessage.addListener((message: Request, _sender, sendResponse: (answer: Answer<unknown>) => void) => {
    answer(message).then(
      (value) => sendResponse({ ok: true, value }),
      (failure: unknown) => {
        console.error(`[nubo] ${message.type} failed`, failure);
        sendResponse(describeFailure(failure));
      },
    );
    return true;
  });

  browser.contextMenus.onClicked.addListener((info) => void saveFromContextMenu(info));

  browser.notifications.onClicked.addListener(async (id) => {
    await browser.notifications.clear(id);
    if (!id.startsWith('downloads-')) return;
    const { serverUrl } = await readSettings();
    if (serverUrl) await browser.tabs.create({ url: new URL(DOWNLOADS_PATH, serverUrl).href });
  });

  // A browser download, when catching is on and it passes the filters, goes to Nubo instead.
  browser.downloads.onCreated.addListener(async (item) => {
    const settings = await readSettings();
    if (!settings.catchDownloads || !settings.serverUrl) return;
    const url = item.finalUrl || item.url;
    const held = letBrowser.get(item.url) ?? letBrowser.get(url);
    if (held !== undefined && held > Date.now()) return;
    if (!downloadMatches(settings.filters, { url, filename: item.filename, totalBytes: item.totalBytes })) return;
    // Signed out or unable to reach Nubo, the browser keeps the download rather than losing it.
    if (!(await isSignedIn(settings.serverUrl)) || !(await hasServerPermission(settings.serverUrl))) return;
    await browser.downloads.cancel(item.id);
    await browser.downloads.erase({ id: item.id });
    await save([{ url }]);
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BADGE_ALARM) void updateBadge();
  });

  async function start() {
    await createMenus();
    await browser.alarms.create(BADGE_ALARM, { periodInMinutes: 1 });
    await syncClickCatcher();
    // The person may have taken the server's permission back meanwhile: the popup says so.
    await updateBadge();
  }
  browser.runtime.onInstalled.addListener(() => void start());
  browser.runtime.onStartup.addListener(() => void start());
  browser.permissions.onRemoved.addListener(() => void syncClickCatcher().then(updateBadge));
  browser.permissions.onAdded.addListener(() => void syncClickCatcher().then(updateBadge));
});
