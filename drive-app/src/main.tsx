import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './stores/theme.ts';
import { startEmbedding } from './embedding/embedding.ts';
import './styles.css';

// SPEC §2.7: a page chunk that fails to load (usually a new deploy) reloads the page, once.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('nubo_chunk_reload') === location.pathname) return;
  event.preventDefault();
  sessionStorage.setItem('nubo_chunk_reload', location.pathname);
  location.reload();
});

startEmbedding();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
