// /redirects.json: addresses that are not pages but lead to one, read by the server at start
// (server/web/site-redirects.ts). Today: each help-centre folder → its first article
// (help-center-default-dir, SPEC §2.2). Paths are unprefixed; the server applies them under every
// locale prefix too.
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import { folderDefaultArticles } from '../content/help-center.ts';
import { helpCenterOf } from '../content/index.ts';

export async function GET() {
  return Response.json(folderDefaultArticles(await helpCenterOf(DEFAULT_LOCALE)));
}
