// The drive app's entry (/drive, /auth, /loading, /referral): every page behind the router.
import { createBrowserRouter, RouterProvider } from 'react-router';
import { boot } from './boot.tsx';
import { ROUTES } from './routes.tsx';
import { startFreePremium } from './stores/free-premium.ts';

startFreePremium();
boot(<RouterProvider router={createBrowserRouter(ROUTES)} />);
