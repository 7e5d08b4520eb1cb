// The site's not-found pages (SPEC §2.7): built once per locale under errors/<locale>/, answered by
// the server with status 404 in the visitor's locale. Both sides read the layout from here.

/** 'Page not found': an address that matches no route. */
export const UNMATCHED_PAGE = 'not-found';
/** 'Page Not Found: {path}': an address under a page family (/help-center/…) that holds no such page. */
export const INVALID_ROUTE_PAGE = 'invalid-route';

/** Stands for the requested path in the built invalid-route page; the server puts the path, escaped, in its place. */
export const REQUESTED_PATH_MARKER = '{nubo:requested-path}';

/** Where a not-found page of a locale is in the site's output. */
export function notFoundPageFile(locale: string, page: typeof UNMATCHED_PAGE | typeof INVALID_ROUTE_PAGE): string {
  return `errors/${locale}/${page}/index.html`;
}
