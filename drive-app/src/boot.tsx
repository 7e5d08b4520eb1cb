// What both entries of the drive app (the app itself, and the share page on its own) do before
// showing a page: the theme, embedded mode, a reload when a page chunk is gone, and the UI strings.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './stores/theme.ts';
import { isEmbeddedVisit } from './embedding/embedded-visit.ts';
import { WithMessages } from './components/WithMessages.tsx';
import './styles.css';

export function boot(page: ReactNode): void {
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
  createRoot(root).render(
    <StrictMode>
      <WithMessages>{page}</WithMessages>
    </StrictMode>,
  );
}
