import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ALL_FILES_PATH, CONSOLE_PATH, CONSOLE_SECTIONS } from '#shared/app-paths.ts';
import { Header } from '../components/Header.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useT } from '../i18n.ts';
import { $layout, setSidebarMobileVisible } from '../stores/layout.ts';

/**
 * The operator console (/admin): the drive's header, the console's own navigation beside its
 * pages. Only accounts with the admin role see it; the server refuses its API to everyone else.
 */
export function ConsoleLayout() {
  const t = useT();
  // On a phone the navigation is a drawer, opened by the header's menu button as in the drive.
  const { isMobile, sidebarMobileVisible } = useStore($layout);
  const open = !isMobile || sidebarMobileVisible;
  return (
    <div className="app-layout">
      <Header search={null} />
      <div className="app-body">
        <nav id="app-sidebar" className="app-sidebar console-nav" data-open={open} hidden={!open} aria-label={t('console.nav.label')}>
          <ul>
            {CONSOLE_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink to={section.path} end={section.path === CONSOLE_PATH} onClick={() => setSidebarMobileVisible(false)}>
                  {t(section.labelKey)}
                </NavLink>
              </li>
            ))}
            <li>
              <a href={ALL_FILES_PATH}>{t('console.nav.backToDrive')}</a>
            </li>
          </ul>
        </nav>
        <main className="app-main console-main" id="main">
          <RequireAdmin>
            <Outlet />
          </RequireAdmin>
        </main>
      </div>
    </div>
  );
}

/** The console's pages for an operator; anyone else signed in is told the console is not theirs. */
function RequireAdmin({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <RequireUser>
      {(user) =>
        user.isAdmin ? (
          children
        ) : (
          <section className="console-page" aria-labelledby="console-refused-title">
            <h1 id="console-refused-title">{t('console.refused.title')}</h1>
            <p>{t('console.refused.text')}</p>
            <a className="button" href={ALL_FILES_PATH}>
              {t('console.nav.backToDrive')}
            </a>
          </section>
        )
      }
    </RequireUser>
  );
}
