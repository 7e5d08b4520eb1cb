import { useStore } from '@nanostores/react';
import { NavLink } from 'react-router';
import { CONSOLE_PATH, DOWNLOADS_PATH, DRIVE_SECTIONS } from '#shared/app-paths.ts';
import { isEmbedded } from '../embedding/embedding.ts';
import { useT } from '../i18n.ts';
import { $downloadsUnderway } from '../stores/downloads.ts';
import { $layout, setSidebarMobileVisible } from '../stores/layout.ts';
import { $user } from '../stores/user.ts';
import { QuotaBar } from './QuotaBar.tsx';

const FEEDBACK_LINK = '/drive/feedback?action=open_feedback';

/** The drive's navigation: one entry per section of the drive that exists (shared/app-paths.ts), and the quota. */
export function Sidebar() {
  const t = useT();
  const { isMobile, sidebarMobileVisible } = useStore($layout);
  const open = !isMobile || sidebarMobileVisible;
  const user = useStore($user);
  const signedIn = user.status === 'signed-in';
  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a tap beside the open sidebar closes it; keyboards close it with its own button */}
      {isMobile && sidebarMobileVisible && <div className="sidebar-backdrop" onClick={() => setSidebarMobileVisible(false)} />}
      <nav id="app-sidebar" className="app-sidebar" data-open={open} aria-label={t('drive.sidebar.label')} hidden={!open}>
        <ul>
          {DRIVE_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} onClick={() => setSidebarMobileVisible(false)}>
                {t(section.labelKey)}
                {signedIn && section.path === DOWNLOADS_PATH && <DownloadsBadge />}
              </NavLink>
            </li>
          ))}
          {user.status === 'signed-in' && user.user.isAdmin && (
            <li>
              <NavLink to={CONSOLE_PATH} onClick={() => setSidebarMobileVisible(false)}>
                {t('console.nav.open')}
              </NavLink>
            </li>
          )}
          <li>
            <a href="/">{t('drive.sidebar.siteHome')}</a>
          </li>
          {isEmbedded && (
            // The host gathers feedback (SPEC §2.7): embedded mode posts open_feedback instead of following.
            <li>
              <a href={FEEDBACK_LINK}>{t('drive.sidebar.feedback')}</a>
            </li>
          )}
        </ul>
        {signedIn && <QuotaBar />}
      </nav>
    </>
  );
}

/** How many downloads are under way, beside the Downloads entry, while there are some. */
function DownloadsBadge() {
  const t = useT();
  const count = useStore($downloadsUnderway);
  if (count === 0) return null;
  return (
    <span className="nav-badge" role="status" aria-label={t('offline.badge', { count })}>
      {count}
    </span>
  );
}
