import { browser } from '@wxt-dev/browser';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ask } from '../../lib/ask.ts';
import { translate } from '../../lib/i18n.ts';
import { SERVER_PROBLEM_MESSAGES } from '../../lib/problems.ts';
import type { ExtensionState } from '../../lib/protocol.ts';
import { originPattern, serverOrigin } from '../../lib/server.ts';
import { listEntries, readSettings, type Settings, writeSettings } from '../../lib/settings.ts';

/** Every web site, as the optional host permission names it. */
const ALL_SITES = '*://*/*';

export function Options() {
  const t = translate();
  const [settings, setSettings] = useState<Settings>();
  const [state, setState] = useState<ExtensionState>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    void readSettings().then(setSettings);
    ask<ExtensionState>({ type: 'state' }).then(setState, (error: Error) => setFailure(error.message));
  }, []);

  if (!settings) return <p role="status">{t('extension.popup.loading')}</p>;

  async function change(update: Partial<Settings>) {
    setSettings(await writeSettings(update));
    await ask({ type: 'settings-changed' });
  }

  return (
    <main className="options">
      <h1>{t('extension.options.title')}</h1>
      <ServerSection settings={settings} state={state} onState={setState} />
      {failure && <p role="alert">{failure}</p>}
      {state && !state.server.problem && <AccountSection state={state} onState={setState} />}
      <CatchingSection settings={settings} onChange={change} />
    </main>
  );
}

function ServerSection({ settings, state, onState }: { settings: Settings; state?: ExtensionState | undefined; onState: (state: ExtensionState) => void }) {
  const t = translate();
  const fieldId = useId();
  const [typed, setTyped] = useState(settings.serverUrl);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    const origin = serverOrigin(typed);
    if (!origin) {
      setProblem(t(SERVER_PROBLEM_MESSAGES.invalid_address));
      return;
    }
    // Asked in the click itself, for this origin only: the one site the extension needs to reach.
    const granted = await browser.permissions.request({ origins: [originPattern(origin)] });
    setChecking(true);
    try {
      const checked = await ask<ExtensionState>({ type: 'set-server', origin });
      setTyped(origin);
      onState(checked);
      if (!granted && checked.server.problem === 'no_permission') setProblem(t(SERVER_PROBLEM_MESSAGES.no_permission, { server: origin }));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setChecking(false);
    }
  }

  const shown = state?.server;
  return (
    <section aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>{t('extension.options.server')}</h2>
      <form onSubmit={(event) => void save(event)} className="server-form">
        <label htmlFor={fieldId}>{t('extension.options.serverAddress')}</label>
        <input
          id={fieldId}
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://drive.example.org"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" disabled={checking}>
          {t('extension.options.check')}
        </button>
      </form>
      <p className="quiet">{t('extension.options.serverHint')}</p>
      {checking && <p role="status">{t('extension.options.checking')}</p>}
      {problem && <p role="alert">{problem}</p>}
      {!problem && shown && !checking && shown.origin && (
        <p role={shown.problem ? 'alert' : 'status'} className={shown.problem ? 'failure' : 'success'}>
          {shown.problem
            ? t(SERVER_PROBLEM_MESSAGES[shown.problem], { server: shown.origin })
            : t('extension.server.ok', { server: shown.origin, version: shown.version })}
        </p>
      )}
    </section>
  );
}

function AccountSection({ state, onState }: { state: ExtensionState; onState: (state: ExtensionState) => void }) {
  const t = translate();
  const [failure, setFailure] = useState<string>();
  async function run(type: 'sign-in' | 'sign-out') {
    setFailure(undefined);
    try {
      onState(await ask<ExtensionState>({ type }));
    } catch (error) {
      setFailure((error as Error).message);
    }
  }
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">{t('extension.options.account')}</h2>
      <p>{state.signedIn ? t('extension.signIn.signedIn') : t('extension.signIn.signedOut')}</p>
      <button type="button" onClick={() => void run(state.signedIn ? 'sign-out' : 'sign-in')}>
        {state.signedIn ? t('extension.signOut.button') : t('extension.signIn.button')}
      </button>
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}

function CatchingSection({ settings, onChange }: { settings: Settings; onChange: (update: Partial<Settings>) => Promise<void> }) {
  const t = translate();
  const [extensions, setExtensions] = useState(settings.filters.extensions.join(', '));
  const [skipSites, setSkipSites] = useState(settings.filters.skipSites.join(', '));
  const [minSize, setMinSize] = useState(String(settings.filters.minSizeMb));
  const [note, setNote] = useState<string>();

  /** Turning a catcher on asks for access to every site, where the click catcher runs; refused, it stays off. */
  async function turn(setting: 'catchDownloads' | 'catchMagnets', on: boolean) {
    setNote(undefined);
    if (on && !(await browser.permissions.request({ origins: [ALL_SITES] }))) {
      setNote(t('extension.options.allSitesRefused'));
      return;
    }
    await onChange({ [setting]: on });
  }

  function saveFilters() {
    const size = Number(minSize);
    void onChange({
      filters: { extensions: listEntries(extensions), skipSites: listEntries(skipSites), minSizeMb: Number.isFinite(size) && size > 0 ? size : 0 },
    });
  }

  return (
    <section aria-labelledby="catching-title">
      <h2 id="catching-title">{t('extension.options.catching')}</h2>
      <label className="option">
        <input type="checkbox" checked={settings.catchMagnets} onChange={(event) => void turn('catchMagnets', event.target.checked)} />
        {t('extension.options.catchMagnets')}
      </label>
      <label className="option">
        <input type="checkbox" checked={settings.catchDownloads} onChange={(event) => void turn('catchDownloads', event.target.checked)} />
        {t('extension.options.catchDownloads')}
      </label>
      <p className="quiet">{t('extension.options.modifierHint')}</p>
      {note && <p role="alert">{note}</p>}
      <fieldset disabled={!settings.catchDownloads} className="filters">
        <legend>{t('extension.options.filters')}</legend>
        <label>
          {t('extension.options.filterTypes')}
          <input type="text" value={extensions} placeholder="zip, iso, mkv" onChange={(event) => setExtensions(event.target.value)} onBlur={saveFilters} />
        </label>
        <label>
          {t('extension.options.filterSize')}
          <input type="number" min={0} step={1} value={minSize} onChange={(event) => setMinSize(event.target.value)} onBlur={saveFilters} />
        </label>
        <label>
          {t('extension.options.filterSites')}
          <input type="text" value={skipSites} placeholder="example.org" onChange={(event) => setSkipSites(event.target.value)} onBlur={saveFilters} />
        </label>
      </fieldset>
    </section>
  );
}
