// The header's navigation: on phones (≤ 768 px, SPEC §9) it becomes a sidebar opened by the menu
// button (SPEC §3.2 sidebarMobileVisible). Clicks on its links and on the language menu are
// statistic events (SPEC §7.5), which stat sends only after opt-in.
import { stat } from '#shared/statistics.ts';

export function startSidebar(nav: HTMLElement, openButton: HTMLButtonElement, closeButton: HTMLButtonElement): void {
  const setOpen = (open: boolean) => {
    nav.toggleAttribute('data-open', open);
    openButton.setAttribute('aria-expanded', String(open));
    if (open) closeButton.focus();
  };
  openButton.addEventListener('click', () => setOpen(true));
  closeButton.addEventListener('click', () => {
    setOpen(false);
    openButton.focus();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.hasAttribute('data-open')) {
      setOpen(false);
      openButton.focus();
    }
  });
  nav.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (link) stat('sidebar_click', { page_path: location.pathname, target: new URL(link.href).pathname });
  });
}

export function countLanguageSwitches(menu: HTMLElement, currentLocale: string): void {
  menu.addEventListener('click', (event) => {
    const language = (event.target as Element).closest('a')?.hreflang;
    if (language) stat('language_guide_switch_click', { page_path: location.pathname, from: currentLocale, to: language });
  });
}
