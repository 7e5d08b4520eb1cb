// The drive app's routes (SPEC §2.4). Every page is its own chunk; features add theirs here.
// /s/<share id> is not among them: the share page is an entry of its own (share.html), so
// visitors load only what it needs, and the app opens it as a page (GoTo, links).
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { AppLayout } from './layouts/AppLayout.tsx';
import { SimpleLayout } from './layouts/SimpleLayout.tsx';

const scene = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const auth = scene(async () => (await import('./scenes/Auth.tsx')).Auth);
const allFiles = scene(async () => (await import('./scenes/AllFiles.tsx')).AllFiles);

export const ROUTES: RouteObject[] = [
  {
    element: (
      <SimpleLayout>
        <Outlet />
      </SimpleLayout>
    ),
    children: [
      { path: '/auth', lazy: auth },
      { path: '/drive/login', lazy: auth },
      { path: '/loading', lazy: scene(async () => (await import('./scenes/Loading.tsx')).Loading) },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: '/drive/all', lazy: allFiles },
      { path: '/drive/all/:folderId', lazy: allFiles },
      { path: '/drive/recent', lazy: scene(async () => (await import('./scenes/Recent.tsx')).Recent) },
      { path: '/drive/search', lazy: scene(async () => (await import('./scenes/Search.tsx')).Search) },
      { path: '/drive/shares', lazy: scene(async () => (await import('./scenes/MyShares.tsx')).MyShares) },
      { path: '/drive/trash', lazy: scene(async () => (await import('./scenes/Trash.tsx')).Trash) },
      { path: '/drive/account', lazy: scene(async () => (await import('./scenes/Account.tsx')).Account) },
      { path: '*', lazy: scene(async () => (await import('./scenes/NotFound.tsx')).NotFound) },
    ],
  },
];
