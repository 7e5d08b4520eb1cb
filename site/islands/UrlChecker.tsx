// /url-checker: a pasted link is checked (url-check.ts); a share of this server is offered to
// open, anything else is inspected by the server (its name and size, without fetching it) and can
// be saved into the drive as an offline download (POST /drive/v1/files with upload_type
// UPLOAD_TYPE_URL, API.md). A signed-out visitor is sent to sign in and comes back to the link.

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, toApiError } from '#shared/api/client.ts';
import type { Inspection } from '#shared/api/offline.ts';
import { offlineApi } from '#shared/api/offline-client.ts';
import { DOWNLOADS_PATH, signInPathFor } from '#shared/app-paths.ts';
import { formatSize } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';
import { checkUrl, type UrlCheck } from './url-check.ts';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const URL_CHECKER_MESSAGES: readonly MessageKey[] = [
  'site.urlChecker.label',
  'site.urlChecker.check',
  'site.urlChecker.invalid',
  'site.urlChecker.checked',
  'site.urlChecker.isShare',
  'site.urlChecker.isDownload',
  'site.urlChecker.openShare',
  'site.urlChecker.save',
  'site.urlChecker.saved',
  'site.urlChecker.name',
  'site.urlChecker.size',
  'site.urlChecker.signIn',
  'site.urlChecker.openDownloads',
  'offline.dialog.sizeUnknown',
  'offline.dialog.lookingForFiles',
  'offline.dialog.noAnswerYet',
  'site.api.working',
];

/** The query parameter that brings a link back to the checker, after signing in. */
const LINK_PARAMETER = 'url';

type Checked = Exclude<UrlCheck, { kind: 'invalid' }>;

export function UrlChecker({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');
  const [status, setStatus] = useState<Status>();
  const [checked, setChecked] = useState<Checked>();
  const [inspection, setInspection] = useState<Inspection>();
  const [signInNeeded, setSignInNeeded] = useState(false);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  async function check(pasted: string) {
    const result = checkUrl(pasted, location.origin);
    setInspection(undefined);
    setSignInNeeded(false);
    setSaved(false);
    if (result.kind === 'invalid') {
      setChecked(undefined);
      setStatus({ message: text('site.urlChecker.invalid'), kind: 'error' });
      input.current?.focus();
      return;
    }
    setStatus(undefined);
    setChecked(result);
    if (result.kind !== 'download') return;
    setBusy(true);
    setStatus({ message: text('site.api.working'), kind: 'info' });
    try {
      setInspection(await offlineApi(siteApi()).inspect({ url: result.url }));
      setStatus(undefined);
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(false);
    }
  }

  /** A refusal is said in the page's language; one for want of a session offers to sign in. */
  function failed(cause: unknown) {
    const failure = toApiError(cause);
    if (failure instanceof ApiError && failure.status === 401) setSignInNeeded(true);
    setStatus({ message: describeApiFailure(failure, text), kind: 'error' });
  }

  // Back from signing in with the link: it is checked again at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page was opened with
  useEffect(() => {
    const returned = new URLSearchParams(location.search).get(LINK_PARAMETER);
    if (!returned) return;
    setLink(returned);
    void check(returned);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(link);
  };

  const save = async (url: string) => {
    setBusy(true);
    setStatus({ message: text('site.api.working'), kind: 'info' });
    try {
      await offlineApi(siteApi()).create({ url }, '');
      setSaved(true);
      setStatus({ message: text('site.urlChecker.saved'), kind: 'success' });
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(false);
    }
  };

  const returnHere = (url: string) => `${location.pathname}?${new URLSearchParams({ [LINK_PARAMETER]: url })}`;

  return (
    <>
      {hydrated && (
        <form className="inline-form" noValidate onSubmit={submit}>
          <TextField
            ref={input}
            label={text('site.urlChecker.label')}
            name="url"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            value={link}
            onValueChange={setLink}
          />
          <button type="submit" className="primary" disabled={busy}>
            {text('site.urlChecker.check')}
          </button>
        </form>
      )}
      <StatusLine status={status} />
      {checked && (
        <div data-part="result" data-kind={checked.kind}>
          <p>
            {/* Text, and a checked href: the pasted link can never become markup or a script URL. */}
            <strong>{text('site.urlChecker.checked')}:</strong>{' '}
            <span className="checked-url" data-part="checked">
              {checked.kind === 'share' ? checked.path : checked.url}
            </span>
          </p>
          {checked.kind === 'share' ? (
            <>
              <p>{text('site.urlChecker.isShare')}</p>
              <a className="button primary" data-part="open-share" href={checked.path}>
                {text('site.urlChecker.openShare')}
              </a>
            </>
          ) : (
            <>
              <p>{text('site.urlChecker.isDownload')}</p>
              {inspection && (
                <dl className="inspected" data-part="inspected">
                  <dt>{text('site.urlChecker.name')}</dt>
                  <dd>{inspection.name}</dd>
                  <dt>{text('site.urlChecker.size')}</dt>
                  <dd>{inspection.size === '-1' ? text('offline.dialog.sizeUnknown') : formatSize(Number(inspection.size))}</dd>
                </dl>
              )}
              {/* What checking the link did not learn in its time: it can be saved all the same. */}
              {inspection?.state === 'looking_for_files' && <p data-part="still-checking">{text('offline.dialog.lookingForFiles')}</p>}
              {inspection?.state === 'no_answer_yet' && <p data-part="still-checking">{text('offline.dialog.noAnswerYet')}</p>}
              {signInNeeded ? (
                <a className="button primary" data-part="sign-in" href={signInPathFor(returnHere(checked.url))}>
                  {text('site.urlChecker.signIn')}
                </a>
              ) : saved ? (
                <a className="button" data-part="downloads" href={DOWNLOADS_PATH}>
                  {text('site.urlChecker.openDownloads')}
                </a>
              ) : (
                <button type="button" className="primary" data-part="save" disabled={busy} onClick={() => void save(checked.url)}>
                  {text('site.urlChecker.save')}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}
