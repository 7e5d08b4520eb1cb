// Layout state (SPEC §3.2) shared by the header and the sidebar.
import { map } from 'nanostores';
import { MOBILE_MEDIA_QUERY } from '#shared/patterns.ts';

export const $layout = map({
  isMobile: false,
  sidebarMobileVisible: false,
});

// Only a browser has a viewport to measure; the server's render of the share page has none.
if (!import.meta.env.SSR) {
  const mobile = matchMedia(MOBILE_MEDIA_QUERY);
  const applyMobile = () => {
    $layout.setKey('isMobile', mobile.matches);
    // Leaving the mobile layout closes its drawer so it does not reappear later.
    if (!mobile.matches) $layout.setKey('sidebarMobileVisible', false);
  };
  applyMobile();
  mobile.addEventListener('change', applyMobile);
}

export function setSidebarMobileVisible(visible: boolean) {
  $layout.setKey('sidebarMobileVisible', visible);
}
