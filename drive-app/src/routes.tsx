// The drive app's routes (SPEC §2.4). Every page is its own chunk; features add theirs here.
import type { RouteObject } from 'react-router';
import { AppLayout } from './layouts/AppLayout.tsx';

export const ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [{ path: '*', lazy: async () => ({ Component: (await import('./scenes/NotFound.tsx')).NotFound }) }],
  },
];
