import { useEffect, useState } from 'react';
import { FolderPicker } from '../../components/FolderPicker.tsx';
import { ask } from '../../lib/ask.ts';
import { translate } from '../../lib/i18n.ts';
import { linkName } from '../../lib/link-finder.ts';
import type { ExtensionState, Folder, SaveOutcome } from '../../lib/protocol.ts';
import { readSettings } from '../../lib/settings.ts';

/** The magnet link this window offers: `?link=` when the extension caught a click, `#…` when Firefox hands it over as the magnet handler. */
function offeredLink(): string {
  const fromQuery = new URLSearchParams(location.search).get('link');
  if (fromQuery) return fromQuery;
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return '';
  }
}

/** A magnet link caught on a page: save it to Nubo, or leave it to the torrent app. */
export function Offer() {
  const t = translate();
  const link = offeredLink();
  const [state, setState] = useState<ExtensionState>();
  const [path, setPath] = useState<Folder[]>();
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>();

  useEffect(() => {
    ask<ExtensionState>({ type: 'state' }).then(setState, (error: Error) => setOutcome({ text: error.message, failed: true }));
    void readSettings().then((settings) => setPath(settings.folderId ? [{ id: settings.folderId, name: settings.folderName }] : []));
  }, []);

  async function save() {
    try {
      const result = await ask<SaveOutcome>({ type: 'save', links: [{ url: link }], folderId: path?.at(-1)?.id ?? '' });
      if (result.added > 0) window.close();
      else setOutcome({ text: result.refused.map((refusal) => refusal.reason).join(' '), failed: true });
    } catch (error) {
      setOutcome({ text: (error as Error).message, failed: true });
    }
  }

  const usable = state && !state.server.problem && state.signedIn;
  return (
    <main className="offer">
      <h1>{t('extension.offer.title')}</h1>
      <p className="offer-name">{linkName(link, '')}</p>
      {state && !usable && <p role="alert">{state.server.problem ? t('extension.offer.notReady') : t('extension.signIn.signedOut')}</p>}
      {usable && path && <FolderPicker path={path} onChange={setPath} />}
      <div className="actions">
        <button type="button" className="primary" disabled={!usable || !/^magnet:/i.test(link)} onClick={() => void save()}>
          {t('extension.offer.save')}
        </button>
        <a href={link} className="button">
          {t('extension.offer.elsewhere')}
        </a>
      </div>
      {outcome && <p role={outcome.failed ? 'alert' : 'status'}>{outcome.text}</p>}
    </main>
  );
}
