// The drive app's routes (SPEC §2.4). Every page is its own chunk; features add theirs here.
// /s/<share id> is not among them: the share page is an entry of its own (share.html), so
// visitors load only what it needs, and the app opens it as a page (GoTo, links).
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import {
  ACCOUNT_PATH,
  ALL_FILES_PATH,
  CONSOLE_AUDIT_PATH,
  CONSOLE_CODES_PATH,
  CONSOLE_PATH,
  CONSOLE_PLANS_PATH,
  CONSOLE_REPORTS_PATH,
  CONSOLE_SETTINGS_PATH,
  CONSOLE_USER_PATTERN,
  CONSOLE_USERS_PATH,
  DEVICE_SIGN_IN_PATH,
  DOWNLOADS_PATH,
  DRIVE_SIGN_IN_PATH,
  FOLDER_PATH_PATTERN,
  LOADING_PATH,
  MY_SHARES_PATH,
  PAYMENT_PATH,
  PAYMENT_STORAGE_PATH,
  PAYMENT_TRAFFIC_PATH,
  RECENT_PATH,
  REFERRAL_PATH,
  RESET_PASSWORD_PATH,
  SEARCH_PATH,
  SIGN_IN_PATH,
  TRASH_PATH,
  TV_PATH,
  VERIFY_EMAIL_PATH,
} from '#shared/app-paths.ts';
import { AppLayout } from './layouts/AppLayout.tsx';
import { SimpleLayout } from './layouts/SimpleLayout.tsx';

const scene = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const auth = scene(async () => (await import('./scenes/Auth.tsx')).Auth);
const allFiles = scene(async () => (await import('./scenes/AllFiles.tsx')).AllFiles);

export const ROUTES: RouteObject[] = [
  // The TV page: a layout of its own (no sidebar, large tiles), loaded only on a TV.
  { path: TV_PATH, lazy: scene(async () => (await import('./scenes/Tv.tsx')).Tv) },
  {
    // The operator console: its own layout and navigation, loaded only by those who open it.
    lazy: async () => ({ Component: (await import('./console/ConsoleLayout.tsx')).ConsoleLayout }),
    children: [
      { path: CONSOLE_PATH, lazy: scene(async () => (await import('./console/Overview.tsx')).ConsoleOverview) },
      { path: CONSOLE_USERS_PATH, lazy: scene(async () => (await import('./console/Users.tsx')).ConsoleUsers) },
      { path: CONSOLE_USER_PATTERN, lazy: scene(async () => (await import('./console/User.tsx')).ConsoleUser) },
      { path: CONSOLE_REPORTS_PATH, lazy: scene(async () => (await import('./console/Reports.tsx')).ConsoleReports) },
      { path: CONSOLE_CODES_PATH, lazy: scene(async () => (await import('./console/Codes.tsx')).ConsoleCodes) },
      { path: CONSOLE_PLANS_PATH, lazy: scene(async () => (await import('./console/Plans.tsx')).ConsolePlans) },
      { path: CONSOLE_SETTINGS_PATH, lazy: scene(async () => (await import('./console/Settings.tsx')).ConsoleSettings) },
      { path: CONSOLE_AUDIT_PATH, lazy: scene(async () => (await import('./console/Audit.tsx')).ConsoleAudit) },
    ],
  },
  {
    element: (
      <SimpleLayout>
        <Outlet />
      </SimpleLayout>
    ),
    children: [
      { path: SIGN_IN_PATH, lazy: auth },
      { path: DRIVE_SIGN_IN_PATH, lazy: auth },
      { path: LOADING_PATH, lazy: scene(async () => (await import('./scenes/Loading.tsx')).Loading) },
      { path: REFERRAL_PATH, lazy: scene(async () => (await import('./scenes/Referral.tsx')).Referral) },
      { path: RESET_PASSWORD_PATH, lazy: scene(async () => (await import('./scenes/PasswordReset.tsx')).PasswordReset) },
      { path: VERIFY_EMAIL_PATH, lazy: scene(async () => (await import('./scenes/ConfirmAddress.tsx')).ConfirmAddress) },
      { path: DEVICE_SIGN_IN_PATH, lazy: scene(async () => (await import('./scenes/DeviceSignIn.tsx')).DeviceSignIn) },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: ALL_FILES_PATH, lazy: allFiles },
      { path: FOLDER_PATH_PATTERN, lazy: allFiles },
      { path: RECENT_PATH, lazy: scene(async () => (await import('./scenes/Recent.tsx')).Recent) },
      { path: SEARCH_PATH, lazy: scene(async () => (await import('./scenes/Search.tsx')).Search) },
      { path: MY_SHARES_PATH, lazy: scene(async () => (await import('./scenes/MyShares.tsx')).MyShares) },
      { path: TRASH_PATH, lazy: scene(async () => (await import('./scenes/Trash.tsx')).Trash) },
      { path: DOWNLOADS_PATH, lazy: scene(async () => (await import('./scenes/Downloads.tsx')).Downloads) },
      { path: ACCOUNT_PATH, lazy: scene(async () => (await import('./scenes/Account.tsx')).Account) },
      { path: PAYMENT_PATH, lazy: scene(async () => (await import('./scenes/Payment.tsx')).Payment) },
      { path: PAYMENT_STORAGE_PATH, lazy: scene(async () => (await import('./scenes/Payment.tsx')).PaymentStorage) },
      { path: PAYMENT_TRAFFIC_PATH, lazy: scene(async () => (await import('./scenes/Payment.tsx')).PaymentTraffic) },
      { path: '*', lazy: scene(async () => (await import('./scenes/NotFound.tsx')).NotFound) },
    ],
  },
];
