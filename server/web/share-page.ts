// The share page rendered on the server (SPEC §2.4): what the share holds for this visitor
// (passcode cookie, the link's passcode, the blocked-network check, the folder walked into) is
// looked up here and rendered with the drive app's own components (dist/share-server, built by
// `vite build --ssr`), so a visitor on a phone sees the files before any script has loaded. The
// same answer travels in the page for the script to take over without asking the API again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { withNonce } from '#shared/content-security.ts';
import { memoryCookieJar, readSharePasscodeToken, rememberSharePasscodeToken } from '#shared/cookies.ts';
import { DEFAULT_LOCALE, LOCALE_HTML_LANG, type Locale } from '#shared/i18n/locales.ts';
import { createTranslator, type Translate } from '#shared/i18n/translator.ts';
import { firstViewJson, SHARE_FIRST_VIEW_ELEMENT, type ShareFirstView } from '#shared/share-page.ts';
import { ServiceError } from '../errors.ts';
import { presentShareFolder, presentShareView } from '../presenters/shares.ts';
import { blockListOf, isBlocked } from '../services/access.ts';
import type { LoadedMessages } from '../services/messages.ts';
import type { SharesService } from '../services/shares.ts';
import { escapeMarkup } from './markup.ts';

/** As many entries as the page's script asks for at a time (GET /share's default). */
const FIRST_PAGE_SIZE = 100;

type RenderSharePage = (first: ShareFirstView, t: Translate) => string;

export type SharePageOptions = {
  distDir: string;
  /** The UI strings of every locale (services/messages.ts loadMessages). */
  messages: Map<string, LoadedMessages>;
  shares: SharesService;
  blockedNetworks: readonly string[];
  secureCookies: boolean;
  log: FastifyBaseLogger;
};

export type SharePageRequest = {
  request: FastifyRequest;
  shareId: string;
  folderIds: string[];
  locale: Locale;
  /** This answer's nonce for the page's scripts (its content security policy names it). */
  nonce: string;
};

/** A rendered share page, or undefined when the page's script must render it itself. */
export type RenderedSharePage = { html: string; setCookies: string[] } | undefined;

export function sharePageRenderer({ distDir, messages, shares, blockedNetworks, secureCookies, log }: SharePageOptions) {
  const shellFile = path.join(distDir, 'drive-app', 'share.html');
  const renderFile = path.join(distDir, 'share-server', 'share-server.js');
  const blocked = blockListOf(blockedNetworks);
  const translators = new Map<Locale, Translate>();
  const translatorFor = (locale: Locale) => {
    let t = translators.get(locale);
    if (!t) {
      t = createTranslator(locale, messages.get(locale)?.messages ?? {}, messages.get(DEFAULT_LOCALE)?.messages ?? {});
      translators.set(locale, t);
    }
    return t;
  };
  // Both built files, looked for once (the first share page asked for): without them the page's
  // script renders the page alone.
  let built: Promise<{ shell: string; renderPage: RenderSharePage } | undefined> | undefined;
  const loadBuilt = () =>
    (built ??=
      existsSync(renderFile) && existsSync(shellFile)
        ? import(pathToFileURL(renderFile).href).then((module: { renderSharePage: RenderSharePage }) => ({
            shell: readFileSync(shellFile, 'utf8'),
            renderPage: module.renderSharePage,
          }))
        : Promise.resolve(undefined));

  /** What the share holds for this visitor at this address, as the API would answer the page. */
  async function firstView({ request, shareId, folderIds, locale }: SharePageRequest, jar: ReturnType<typeof memoryCookieJar>): Promise<ShareFirstView> {
    const base = { locale, shareId, folderIds, files: [], nextPageToken: '', folderNames: {} };
    // A blocked visitor's page shows no content (SPEC §2.7): nothing of the share is looked up.
    if (isBlocked(blocked, request.ip)) return { ...base, accessible: false };
    const query = request.query as Record<string, unknown>;
    const linkPassCode = typeof query.s_code === 'string' && query.s_code !== '' ? query.s_code : undefined;
    const access = { shareId, passCode: linkPassCode, passCodeToken: readSharePasscodeToken(jar, shareId), ip: request.ip };
    const view = presentShareView(await shares.view(access, { limit: FIRST_PAGE_SIZE }));
    if (view.pass_code_token) {
      // As the page's script does with a token it is given (SPEC §9, latest three shares).
      rememberSharePasscodeToken(jar, shareId, view.pass_code_token);
      access.passCodeToken = view.pass_code_token;
    }
    const first: ShareFirstView = {
      ...base,
      accessible: true,
      ...(linkPassCode ? { linkPassCode } : {}),
      ...(access.passCodeToken ? { passCodeToken: access.passCodeToken } : {}),
      view,
    };
    const folderId = folderIds.at(-1);
    if (view.share_status !== 'OK') return first;
    if (!folderId) return { ...first, files: view.files, nextPageToken: view.next_page_token };
    const walked = await shares.folder(access, folderIds, { limit: FIRST_PAGE_SIZE });
    const folder = presentShareFolder(walked);
    if (folder.share_status !== 'OK') return { ...first, view: { ...view, share_status: folder.share_status, share_status_text: folder.share_status_text } };
    return { ...first, files: folder.files, nextPageToken: folder.next_page_token, folderNames: walked.folderNames };
  }

  return async function renderSharePage(page: SharePageRequest): Promise<RenderedSharePage> {
    const app = await loadBuilt();
    if (!app) return undefined;
    const { shell, renderPage } = app;
    const jar = memoryCookieJar(page.request.headers.cookie, { secure: secureCookies });
    let first: ShareFirstView;
    try {
      first = await firstView(page, jar);
    } catch (failure) {
      // Too many wrong passcodes, a page token gone bad: the page's script asks the API itself and
      // shows the translated failure, as it does for any answer it gets.
      if (!(failure instanceof ServiceError)) log.error({ err: failure }, 'share page: the first view could not be looked up');
      return undefined;
    }
    let rendered: string;
    try {
      rendered = renderPage(first, translatorFor(first.locale));
    } catch (failure) {
      // A bug of the render must not cost the visitor the share: the script renders it instead.
      log.error({ err: failure }, 'share page: the server render failed');
      return undefined;
    }
    const title = first.view?.title ? `${first.view.title} · Nubo` : 'Nubo';
    const html = withNonce(shell, page.nonce)
      // Replaced through functions: a `$&` in a file name is text, not a replacement pattern.
      .replace(/<html lang="[^"]*"/, () => `<html lang="${LOCALE_HTML_LANG[first.locale]}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${rendered}</div>` + `<script type="application/json" id="${SHARE_FIRST_VIEW_ELEMENT}">${firstViewJson(first)}</script>`,
      );
    return { html, setCookies: jar.setCookieHeaders() };
  };
}

export type SharePageRenderer = ReturnType<typeof sharePageRenderer>;
