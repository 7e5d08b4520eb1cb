// What both entries of the drive app (the app itself, and the share page on its own) do before
// showing a page: the theme, embedded mode, a reload when a page chunk is gone, and the UI strings.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './stores/theme.ts';
import { startEmbedding } from './embedding/embedding.ts';
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

  startEmbedding();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  createRoot(root).render(
    <StrictMode>
      <WithMessages>{page}</WithMessages>
    </StrictMode>,
  );
}
