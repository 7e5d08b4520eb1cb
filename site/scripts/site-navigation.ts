// The header's navigation: on phones (≤ 768 px, SPEC §9) it becomes a sidebar opened by the menu
// button (SPEC §3.2 sidebarMobileVisible). Clicks on its links are statistic events (SPEC §7.5),
// which stat sends only after opt-in. The language menu counts nothing: the spec's language event
// is the language guide's switch (site/scripts/language-guide.ts).
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
  // A tap on the dimmed page beside the sidebar closes it.
  document.addEventListener('click', (event) => {
    if (nav.hasAttribute('data-open') && !nav.contains(event.target as Node) && !openButton.contains(event.target as Node)) setOpen(false);
  });
  nav.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (link) stat('sidebar_click', { page_path: location.pathname, target: new URL(link.href).pathname });
  });
}

/** The header's drop-down menus (<details>) close on a click elsewhere or Escape, like menus do. */
export function closeMenusOnOutsideClick(header: HTMLElement): void {
  const closeAll = (except?: Node) => {
    for (const menu of header.querySelectorAll('details[open]')) if (!except || !menu.contains(except)) menu.removeAttribute('open');
  };
  document.addEventListener('click', (event) => closeAll(event.target as Node));
  document.addEventListener('keydown', (event) => event.key === 'Escape' && closeAll());
}
