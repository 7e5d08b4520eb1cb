// What both entries of the drive app (the app itself, and the share page on its own) do before
// showing a page: the theme, embedded mode, a reload when a page chunk is gone, and the UI strings.
import { type ReactNode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './stores/theme.ts';
import { AppRoot } from './components/AppRoot.tsx';
import { isEmbeddedVisit } from './embedding/embedded-visit.ts';
import './styles.css';

/** `serverRendered`: the page's HTML came rendered by the server (the share page), to take over. */
export function boot(page: ReactNode, { serverRendered = false } = {}): void {
  // SPEC §2.7: a page chunk that fails to load (usually a new deploy) reloads the page, once.
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem('nubo_chunk_reload') === location.pathname) return;
    event.preventDefault();
    sessionStorage.setItem('nubo_chunk_reload', location.pathname);
    location.reload();
  });

  // Embedded mode loads only on an embedded visit (a plain visit to a share never needs it).
  if (isEmbeddedVisit()) void import('./embedding/embedding.ts').then(({ startEmbedding }) => startEmbedding());

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  const app = (
    <AppRoot>
      {page}
      <MarkInteractive />
    </AppRoot>
  );
  if (serverRendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

/**
 * Marks the document (`data-interactive`) once React has taken the page over: a server-rendered
 * page shows its controls a moment before they answer, and its script now loads after the first
 * paint, so a browser test waits for the mark before it presses anything.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}
