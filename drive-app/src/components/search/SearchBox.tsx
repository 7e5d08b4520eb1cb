import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_PATH, searchPath } from '#shared/app-paths.ts';
import { useT } from '../../i18n.ts';

/** The drive's search field: sends the text to the search page, and shows the text searched for there. */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const searched = pathname === SEARCH_PATH ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [text, setText] = useState(searched);
  useEffect(() => setText(searched), [searched]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = text.trim();
    if (wanted) void navigate(searchPath(wanted));
  }

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="drive-search">
        {t('search.label')}
      </label>
      <input
        id="drive-search"
        type="search"
        value={text}
        maxLength={255}
        placeholder={t('search.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="icon-button" aria-label={t('search.submit')}>
        <span aria-hidden="true">⌕</span>
      </button>
    </form>
  );
}
