import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { consoleUserPath } from '#shared/app-paths.ts';
import { formatDateTime, formatSize } from '#shared/format.ts';
import { driveAdmin } from '../api.ts';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useT } from '../i18n.ts';
import { useAccountWords } from './account-words.ts';
import { usePages } from './usePages.tsx';

/** /admin/users?q=: the accounts, found by part of an e-mail address or a name, or by id. */
export function ConsoleUsers() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);

  function search(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  }

  return (
    <section className="console-page" aria-labelledby="console-users-title">
      <h1 id="console-users-title">{t('console.users.title')}</h1>
      <form className="inline-form" role="search" onSubmit={search}>
        <div className="field">
          <label htmlFor="console-user-search">{t('console.users.search')}</label>
          <input id="console-user-search" type="search" value={text} onChange={(event) => setText(event.target.value)} maxLength={200} />
        </div>
        <button type="submit" className="button">
          {t('console.users.find')}
        </button>
      </form>
      {/* A new search starts a new list: its own state, not the last one's pages. */}
      <FoundUsers key={query} query={query} />
    </section>
  );
}

function FoundUsers({ query }: { query: string }) {
  const t = useT();
  const words = useAccountWords();
  const {
    state,
    reload,
    items: users,
    moreButton,
  } = usePages(
    async (token) => {
      const page = await driveAdmin.users(query, token);
      return { items: page.users, next: page.next_page_token };
    },
    [query],
  );
  const first = state.status === 'ready' ? state.value : undefined;
  return (
    <>
      <LoadNotice state={state} reload={reload} />
      {first && first.items.length === 0 && <p>{query ? t('console.users.noneFound', { query }) : t('console.users.none')}</p>}
      {users.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">{query ? t('console.users.foundFor', { query }) : t('console.users.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.users.account')}</th>
              <th scope="col">{t('console.users.role')}</th>
              <th scope="col">{t('console.users.status')}</th>
              <th scope="col">{t('console.users.storageUsed')}</th>
              <th scope="col">{t('console.users.created')}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={consoleUserPath(user.id)}>{user.email}</Link>
                  <span className="console-subtle">{user.name}</span>
                </td>
                <td>{words.role(user.role)}</td>
                <td>{words.status(user.status)}</td>
                <td>{formatSize(user.storage_used)}</td>
                <td>{formatDateTime(user.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {moreButton}
    </>
  );
}
