// /unsubscribe: the e-mail's link carries ?d=, a signed and expiring token the mail API checks
// (SPEC §3.1 unsubscribeInfo, §7.5). Nothing happens until the visitor confirms, so a mail scanner that
// follows links does not unsubscribe anyone.

import { useEffect, useState } from 'react';
import { MAIL_PATHS, type Unsubscribed } from '#shared/api/mail.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const UNSUBSCRIBE_MESSAGES: readonly MessageKey[] = [
  'site.unsubscribe.button',
  'site.unsubscribe.missingCode',
  'site.unsubscribe.invalid',
  'site.unsubscribe.doneFor',
  'site.api.working',
];

export function Unsubscribe({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const [code, setCode] = useState<string>();
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const found = new URLSearchParams(location.search).get('d');
    if (found) setCode(found);
    else setStatus({ message: text('site.unsubscribe.missingCode'), kind: 'error' });
  }, [text]);

  const unsubscribe = async (d: string) => {
    setBusy(true);
    setStatus({ message: text('site.api.working'), kind: 'info' });
    try {
      const { email } = await siteApi().get<Unsubscribed>(MAIL_PATHS.unsubscribe, { d });
      setStatus({ message: text('site.unsubscribe.doneFor', { email }), kind: 'success' });
      setDone(true);
    } catch (cause) {
      setStatus({ message: describeApiFailure(cause, text), kind: 'error' });
      setBusy(false);
    }
  };

  return (
    <>
      {code && !done && (
        <button type="button" className="primary" disabled={busy} onClick={() => void unsubscribe(code)}>
          {text('site.unsubscribe.button')}
        </button>
      )}
      <StatusLine status={status} />
    </>
  );
}
