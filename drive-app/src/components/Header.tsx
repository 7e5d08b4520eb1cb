import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES } from '#shared/i18n/locales.ts';
import { useHydrated } from '../hydration.ts';
import { useT } from '../i18n.ts';
import { $layout, setSidebarMobileVisible } from '../stores/layout.ts';
import { $locale, switchLocale } from '../stores/locale.ts';
import { $darkMode, toggleDarkMode } from '../stores/theme.ts';

/**
 * `withMenu` is false on pages without the sidebar, where there is no menu to open; `search` is
 * the drive's search field, passed in by the drive layout so pages without it do not load it.
 */
export function Header({ withMenu = true, search }: { withMenu?: boolean; search?: ReactNode }) {
  const t = useT();
  const locale = useStore($locale);
  // The server renders the share page light; the remembered theme is the browser's to show.
  const hydrated = useHydrated();
  const darkMode = useStore($darkMode) && hydrated;
  const { isMobile, sidebarMobileVisible } = useStore($layout);
  return (
    <header className="app-header">
      {withMenu && isMobile && (
        <button
          type="button"
          className="icon-button"
          aria-expanded={sidebarMobileVisible}
          aria-controls="app-sidebar"
          onClick={() => setSidebarMobileVisible(!sidebarMobileVisible)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{sidebarMobileVisible ? t('drive.header.closeMenu') : t('drive.header.openMenu')}</span>
        </button>
      )}
      <a className="brand" href="/" aria-label={t('drive.header.home')}>
        Nubo
      </a>
      {search}
      <div className="header-actions">
        <label className="language-select">
          <span className="visually-hidden">{t('drive.header.language')}</span>
          <select value={locale} onChange={(event) => isLocale(event.target.value) && switchLocale(event.target.value)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="icon-button" aria-pressed={darkMode} onClick={toggleDarkMode}>
          <span aria-hidden="true">{darkMode ? '☀' : '☾'}</span>
          <span className="visually-hidden">{t('drive.header.darkMode')}</span>
        </button>
      </div>
    </header>
  );
}
