import { useEffect } from 'react';
import { matchRoutes, useNavigate } from 'react-router';
import { ROUTES } from '../routes.tsx';

/** A page of this app opens in place; any other page of the site (e.g. /) is loaded. */
function isAppPage(path: string): boolean {
  const matches = matchRoutes(ROUTES, new URL(path, location.origin).pathname);
  return matches?.at(-1)?.route.path !== '*';
}

/** Opens `path` (a same-origin path) as soon as it renders. */
export function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isAppPage(path)) void navigate(path, { replace: true });
    else location.assign(path);
  }, [navigate, path]);
  return null;
}
