import { useLocation } from 'react-router';
import { useT } from '../i18n.ts';

/** SPEC §2.7: unmatched routes show 'Page not found' with the not-found tip. */
export function NotFound() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="not-found-path">{t('notFound.path', { path: pathname })}</p>
      <p>{t('notFound.tip')}</p>
      <a href="/">{t('notFound.goHome')}</a>
    </section>
  );
}
