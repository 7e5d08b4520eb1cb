import { useEffect } from 'react';
import { matchRoutes, useNavigate } from 'react-router';
import { APP_PAGES } from '#shared/app-paths.ts';

const APP_PAGE_ROUTES = APP_PAGES.map((path) => ({ path }));

/** A page of this app opens in place; any other page of the site (e.g. /, a share) is loaded. */
function isAppPage(path: string): boolean {
  return matchRoutes(APP_PAGE_ROUTES, new URL(path, location.origin).pathname) !== null;
}

/** Opens `path` (a same-origin path) as soon as it renders. */
export function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isAppPage(path)) void navigate(path, { replace: true });
    // In its place, as the app's own pages are: Back does not return to a page that only passed on.
    else location.replace(path);
  }, [navigate, path]);
  return null;
}
