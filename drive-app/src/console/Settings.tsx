import { driveAdmin } from '../api.ts';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useT } from '../i18n.ts';

/** /admin/settings: the configuration the server runs with (secrets show only whether they are set), and its version. */
export function ConsoleSettings() {
  const t = useT();
  const { state, reload } = useLoad(() => driveAdmin.settings(), []);
  return (
    <section className="console-page" aria-labelledby="console-settings-title">
      <h1 id="console-settings-title">{t('console.settings.title')}</h1>
      <p>{t('console.settings.lead')}</p>
      <LoadNotice state={state} reload={reload} />
      {state.status === 'ready' && (
        <>
          <p>{t('console.settings.version', { version: state.value.version })}</p>
          <table className="console-table">
            <caption className="visually-hidden">{t('console.settings.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.settings.name')}</th>
                <th scope="col">{t('console.settings.value')}</th>
              </tr>
            </thead>
            <tbody>
              {state.value.settings.map((setting) => (
                <tr key={setting.name}>
                  <th scope="row">
                    <code>{setting.name}</code>
                  </th>
                  <td>
                    <code>{setting.value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
