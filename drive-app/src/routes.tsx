// The drive app's routes (SPEC §2.4). Every page is its own chunk; features add theirs here.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layouts/AppLayout.tsx';
import { SimpleLayout } from './layouts/SimpleLayout.tsx';

const scene = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const auth = scene(async () => (await import('./scenes/Auth.tsx')).Auth);
const allFiles = scene(async () => (await import('./scenes/AllFiles.tsx')).AllFiles);

export const ROUTES: RouteObject[] = [
  {
    element: <SimpleLayout />,
    children: [
      { path: '/auth', lazy: auth },
      { path: '/drive/login', lazy: auth },
      { path: '/loading', lazy: scene(async () => (await import('./scenes/Loading.tsx')).Loading) },
      { path: '/s/:shareId/*', lazy: scene(async () => (await import('./scenes/Share.tsx')).Share) },
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
