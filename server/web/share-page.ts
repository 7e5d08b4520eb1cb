// The share page rendered on the server (SPEC §2.4): what the share holds for this visitor
// (passcode cookie, the link's passcode, the blocked-network check, the folder walked into) is
// looked up here and rendered with the drive app's own components (dist/share-server, built by
// `vite build --ssr`), so a visitor on a phone sees the files before any script has loaded. The
// same answer travels in the page for the script to take over without asking the API again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { inlineScriptHashes } from '#shared/content-security.ts';
import { memoryCookieJar, readSharePasscodeToken, rememberSharePasscodeToken } from '#shared/cookies.ts';
import { LOCALE_HTML_LANG, type Locale } from '#shared/i18n/locales.ts';
import type { Translate } from '#shared/i18n/translator.ts';
import { firstViewJson, SHARE_FIRST_VIEW_ELEMENT, type ShareFirstView } from '#shared/share-page.ts';
import { ServiceError } from '../errors.ts';
import { leastLatelyUsed } from '../least-lately-used.ts';
import { presentShareFolder, presentShareView } from '../presenters/shares.ts';
import { blockListOf, isBlocked } from '../services/access.ts';
import { type LoadedMessages, translatorsOf } from '../services/messages.ts';
import type { SharedFolder, SharesService, ShareViewing } from '../services/shares.ts';
import { escapeMarkup } from './markup.ts';

/** As many entries as the page's script asks for at a time (GET /share's default). */
const FIRST_PAGE_SIZE = 100;
/** Pages kept for the shares asked for most lately: a page of 100 files is about 150 KB. */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
/** Rows kept of what the latest pages were made from (a few hundred bytes each): a few MB. */
const MADE_FROM_ROWS = 20_000;

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
};

/**
 * A rendered share page and the hashes of the inline scripts it runs (for its content security
 * policy), or undefined when the page's script must render it itself.
 */
export type RenderedSharePage = { page: CachedPage; setCookies: string[]; inlineScripts: string[] } | undefined;

export function sharePageRenderer({ distDir, messages, shares, blockedNetworks, secureCookies, log }: SharePageOptions) {
  const shellFile = path.join(distDir, 'drive-app', 'share.html');
  const renderFile = path.join(distDir, 'share-server', 'share-server.js');
  const blocked = blockListOf(blockedNetworks);
  const translatorFor = translatorsOf(messages);
  const pages = leastLatelyUsed<CachedPage>(PAGE_CACHE_BYTES, (page) => page.bytes);
  // What the page at each address (share, folder, locale, passcode state) was last made from, and its key in `pages`.
  const made = leastLatelyUsed<{ madeFrom: MadeFrom; pageKey: string; rows: number }>(MADE_FROM_ROWS, (entry) => entry.rows);
  // Both built files, looked for once (the first share page asked for): without them the page's
  // script renders the page alone.
  let built: Promise<{ shell: string; inlineScripts: string[]; renderPage: RenderSharePage } | undefined> | undefined;
  const loadBuilt = () =>
    (built ??=
      existsSync(renderFile) && existsSync(shellFile)
        ? import(pathToFileURL(renderFile).href).then((module: { renderSharePage: RenderSharePage }) => {
            const shell = withScriptsAfterPaint(withStylesInline(readFileSync(shellFile, 'utf8'), path.join(distDir, 'drive-app')));
            return { shell, inlineScripts: inlineScriptHashes(shell), renderPage: module.renderSharePage };
          })
        : Promise.resolve(undefined));

  /**
   * What the share holds for this visitor at this address, as looked up (rows and statuses, not
   * yet presented), or undefined for a blocked visitor's page, which shows no content (a visitor
   * from a network BLOCKED_NETWORKS names is told shared content is not available there): nothing
   * of the share is looked up for them.
   */
  async function lookUp({ request, shareId, folderIds }: SharePageRequest, jar: ReturnType<typeof memoryCookieJar>): Promise<LookedUp | undefined> {
    if (isBlocked(blocked, request.ip)) return undefined;
    const query = request.query as Record<string, unknown>;
    const linkPassCode = typeof query.s_code === 'string' && query.s_code !== '' ? query.s_code : undefined;
    const cookieToken = readSharePasscodeToken(jar, shareId);
    const access = { shareId, passCode: linkPassCode, passCodeToken: cookieToken, ip: request.ip };
    const viewing = await shares.view(access, { limit: FIRST_PAGE_SIZE });
    if (viewing.token) {
      // As the page's script does with a token it is given (SPEC §9, latest three shares).
      rememberSharePasscodeToken(jar, shareId, viewing.token);
      access.passCodeToken = viewing.token;
    }
    const walked = viewing.status === 'OK' && folderIds.length > 0 ? await shares.folder(access, folderIds, { limit: FIRST_PAGE_SIZE }) : undefined;
    return { linkPassCode, cookieToken, passCodeToken: access.passCodeToken, viewing, walked };
  }

  /** The first view made of what was looked up, as the API would answer the page. */
  function firstView({ shareId, folderIds, locale }: SharePageRequest, looked: LookedUp | undefined): ShareFirstView {
    const base = { locale, shareId, folderIds, files: [], nextPageToken: '', folderNames: {} };
    if (!looked) return { ...base, accessible: false };
    const { linkPassCode, passCodeToken, walked } = looked;
    const view = presentShareView(looked.viewing);
    const first: ShareFirstView = {
      ...base,
      accessible: true,
      ...(linkPassCode ? { linkPassCode } : {}),
      ...(passCodeToken ? { passCodeToken } : {}),
      view,
    };
    if (view.share_status !== 'OK') return first;
    // At the share's top level the files listed travel once, in `files`: the page is smaller by as much again.
    if (!walked) return { ...first, view: { ...view, files: [] }, files: view.files, nextPageToken: view.next_page_token };
    const folder = presentShareFolder(walked);
    if (folder.share_status !== 'OK') return { ...first, view: { ...view, share_status: folder.share_status, share_status_text: folder.share_status_text } };
    return { ...first, files: folder.files, nextPageToken: folder.next_page_token, folderNames: walked.folderNames };
  }

  return async function renderSharePage(page: SharePageRequest): Promise<RenderedSharePage> {
    const app = await loadBuilt();
    if (!app) return undefined;
    const { shell, inlineScripts, renderPage } = app;
    const jar = memoryCookieJar(page.request.headers.cookie, { secure: secureCookies });
    let looked: LookedUp | undefined;
    try {
      looked = await lookUp(page, jar);
    } catch (failure) {
      // Too many wrong passcodes, a page token gone bad: the page's script asks the API itself and
      // shows the translated failure, as it does for any answer it gets.
      if (!(failure instanceof ServiceError)) log.error({ err: failure }, 'share page: the first view could not be looked up');
      return undefined;
    }
    // The page depends only on what this visitor may see: the share, the folder, the locale, the
    // passcode state. Keyed on that, a popular link's page is rendered (and compressed) once, a
    // change of the share, its files or their moderation is a new key, and the lookup above still
    // runs for every visit, so every view is counted.
    //
    // A visit that looked up the very rows the last visit to the same address did (with the same
    // passcode state) gets the same page without presenting the files again: presenting a share of
    // 100 files, writing it as JSON and hashing that took more of a popular link's time than its
    // database lookups. Any change of a row the page is made from (a name, a file added, the share
    // cancelled) makes the rows differ, and the page is made anew.
    const madeFrom = looked && madeFromOf(looked);
    const visitKey = looked && JSON.stringify([page.shareId, page.folderIds, page.locale, looked.linkPassCode ?? '', looked.cookieToken ?? '']);
    const lastMade = visitKey === undefined ? undefined : made.get(visitKey);
    let cached = lastMade && madeFrom && sameRows(lastMade.madeFrom, madeFrom) ? pages.get(lastMade.pageKey) : undefined;
    if (cached && lastMade && madeFrom) {
      // The rows just read are kept instead: a share read anew (after any write to the database)
      // hands out these same rows to the next visits, which then compare by reference alone.
      lastMade.madeFrom = madeFrom;
      return { page: cached, setCookies: jar.setCookieHeaders(), inlineScripts };
    }
    const first = firstView(page, looked);
    const firstJson = firstViewJson(first);
    const key = createHash('sha256').update(firstJson).digest('base64');
    if (visitKey !== undefined && madeFrom) made.set(visitKey, { madeFrom, pageKey: key, rows: rowsIn(madeFrom) });
    cached = pages.get(key);
    if (!cached) {
      let rendered: string;
      try {
        rendered = renderPage(first, translatorFor(first.locale));
      } catch (failure) {
        // A bug of the render must not cost the visitor the share: the script renders it instead.
        log.error({ err: failure }, 'share page: the server render failed');
        return undefined;
      }
      const title = first.view?.title ? `${first.view.title} · Nubo` : 'Nubo';
      const html = shell
        // Replaced through functions: a `$&` in a file name is text, not a replacement pattern.
        .replace(/<html lang="[^"]*"/, () => `<html lang="${LOCALE_HTML_LANG[first.locale]}"`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(title)}</title>`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root">${rendered}</div><script type="application/json" id="${SHARE_FIRST_VIEW_ELEMENT}">${firstJson}</script>`,
        );
      cached = cachedPage(html);
      pages.set(key, cached);
    }
    return { page: cached, setCookies: jar.setCookieHeaders(), inlineScripts };
  };
}

/**
 * The shell with its stylesheets written into it: the rendered page then shows at its first
 * response on a slow phone, with no stylesheet to fetch before it may paint (the page is kept
 * and compressed once, so the styles cost a few KB of it, not a round trip).
 */
function withStylesInline(shell: string, appDir: string): string {
  return shell.replace(/<link rel="stylesheet"[^>]*href="\/app\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const stylesheet = path.join(appDir, file);
    return existsSync(stylesheet) ? `<style>${readFileSync(stylesheet, 'utf8')}</style>` : link;
  });
}

/**
 * The shell with its module scripts asked for after the first paint instead of in its head: the
 * rendered page needs none of them to show, and a phone on a slow network that requests 100 KB of
 * modules before painting (as Chromium does with module scripts and preloads in the head) paints
 * the files only once they have arrived (Lighthouse's phone run: LCP 1.7 s against 1.0 s). The
 * preloads go out with the entry, in parallel, as before; the page is taken over a frame later.
 */
function withScriptsAfterPaint(shell: string): string {
  const entry = /<script type="module" crossorigin src="(\/app\/[^"]+\.js)"><\/script>\s*/.exec(shell);
  if (!entry) return shell;
  const preloads: string[] = [];
  const rest = shell.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="(\/app\/[^"]+\.js)">\s*/g, (_link, href: string) => {
    preloads.push(href);
    return '';
  });
  // The addresses are the build's own asset paths; as JSON inside a script they are still kept from closing it.
  const addresses = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  const loader =
    `<script>requestAnimationFrame(function(){setTimeout(function(){` +
    `${addresses(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.appendChild(link)});` +
    `var script=document.createElement("script");script.type="module";script.crossOrigin="";script.src=${addresses(entry[1])};document.body.appendChild(script)})})</script>`;
  return rest.replace('</body>', () => `${loader}</body>`);
}

/** A rendered page as sent: its HTML, and each compressed form made once, when first asked for. */
export type CachedPage = { html: string; bytes: number; encoded(encoding: PageEncoding): Promise<Buffer> };
export type PageEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Made once a page and sent many times, yet each new page costs one: brotli at 5 is near its best
// size for HTML at a fraction of 11's time.
const compressors: Record<PageEncoding, (html: string) => Promise<Buffer>> = {
  br: (html) => brotli(html, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html) => gzipped(html),
};

function cachedPage(html: string): CachedPage {
  const encoded = new Map<PageEncoding, Promise<Buffer>>();
  return {
    html,
    // As held: the string (UTF-16) and its compressed forms, which are a tenth of it or less.
    bytes: html.length * 2 + Math.ceil(html.length / 5),
    encoded(encoding) {
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes = compressors[encoding](html);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

export type SharePageRenderer = ReturnType<typeof sharePageRenderer>;

/** What a visit looked up: the share as GET /share answers it, and the folder walked into. */
type LookedUp = {
  linkPassCode: string | undefined;
  /** The passcode token the visitor's cookie brought. */
  cookieToken: string | undefined;
  /** The token the page holds: the cookie's, or the one the link's passcode earned. */
  passCodeToken: string | undefined;
  viewing: ShareViewing;
  walked: SharedFolder | undefined;
};

/**
 * What a page is made from: the lookup as the page shows it. Of the share's items only their
 * number shows (the files listed are `files`), so only that is kept and compared.
 */
type MadeFrom = { viewing: Omit<ShareViewing, 'items'>; items: number | undefined; walked: SharedFolder | undefined };

function madeFromOf({ viewing: { items, ...viewing }, walked }: LookedUp): MadeFrom {
  return { viewing, items: items?.length, walked };
}

/** How many rows a page was made from, what its entry in `made` weighs. */
const rowsIn = ({ viewing, walked }: MadeFrom) => 2 + viewing.files.length + (walked?.files.length ?? 0);

/**
 * Whether two lookups found the same: the same statuses, tokens and rows, field by field. A
 * share's view count is left out: it changes with every visit and is not on the page.
 */
function sameRows(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameRows(a[i], b[i])) return false;
    return true;
  }
  // Plain objects only (rows, statuses): anything else (a date, a buffer) counts as a change.
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  // Walked without listing the keys: a visit compares a few thousand fields, and this is all it does.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let fields = 0;
  for (const key in left) {
    fields += 1;
    if (key !== 'view_count' && !sameRows(left[key], right[key])) return false;
  }
  for (const key in right) if (--fields < 0 || !Object.hasOwn(left, key)) return false;
  return fields === 0;
}
