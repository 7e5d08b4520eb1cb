import { useStore } from '@nanostores/react';
import { LOCALES, LOCALE_NAMES, isLocale } from '#shared/i18n/locales.ts';
import { useT } from '../i18n.ts';
import { $locale, switchLocale } from '../stores/locale.ts';
import { $darkMode, toggleDarkMode } from '../stores/theme.ts';
import { $layout, setSidebarMobileVisible } from '../stores/layout.ts';
import { $user } from '../stores/user.ts';
import { SearchBox } from './search/SearchBox.tsx';

/** `withMenu` is false on pages without the sidebar, where there is no menu to open. */
export function Header({ withMenu = true }: { withMenu?: boolean }) {
  const t = useT();
  const locale = useStore($locale);
  const darkMode = useStore($darkMode);
  const { isMobile, sidebarMobileVisible } = useStore($layout);
  const signedIn = useStore($user).status === 'signed-in';
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
      {withMenu && signedIn && <SearchBox />}
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
