// /url-checker: a pasted link is checked (url-check.ts); a share of this server is offered to
// open, anything else to save into the drive as an offline download (POST /drive/v1/files with
// upload_type UPLOAD_TYPE_URL, API.md).

import { type FormEvent, useRef, useState } from 'react';
import type { ApiErrorMessages } from '#shared/api/error-messages.ts';
import { FILES_PATHS } from '#shared/api/files.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { describeApiFailure, errorMessageKeys, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';
import { checkUrl, type UrlCheck } from './url-check.ts';

/** A refused body, when saving a link, is the link itself: every other error is worded as everywhere else. */
const SAVE_LINK_ERROR_MESSAGES: ApiErrorMessages = { invalid_request: 'site.urlChecker.error.notAccepted' };

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
  'site.api.working',
  ...errorMessageKeys(SAVE_LINK_ERROR_MESSAGES),
];

export function UrlChecker({ messages }: IslandProps) {
  const text = useIslandText(messages);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');
  const [status, setStatus] = useState<Status>();
  const [checked, setChecked] = useState<Exclude<UrlCheck, { kind: 'invalid' }>>();
  const [saving, setSaving] = useState(false);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const result = checkUrl(link, location.origin);
    if (result.kind === 'invalid') {
      setChecked(undefined);
      setStatus({ message: text('site.urlChecker.invalid'), kind: 'error' });
      input.current?.focus();
      return;
    }
    setStatus(undefined);
    setChecked(result);
  };

  const save = async (url: string) => {
    setSaving(true);
    setStatus({ message: text('site.api.working'), kind: 'info' });
    try {
      await siteApi().post(FILES_PATHS.files, { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url }, parent_id: '' });
      setStatus({ message: text('site.urlChecker.saved'), kind: 'success' });
    } catch (cause) {
      setStatus({ message: describeApiFailure(cause, text, SAVE_LINK_ERROR_MESSAGES), kind: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {hydrated && (
        <form className="inline-form" noValidate onSubmit={check}>
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
          <button type="submit" className="primary">
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
              <button type="button" className="primary" data-part="save" disabled={saving} onClick={() => void save(checked.url)}>
                {text('site.urlChecker.save')}
              </button>
            </>
          )}
        </div>
      )}
    </>
  );
}
