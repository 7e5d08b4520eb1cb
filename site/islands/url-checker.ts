// /url-checker: a pasted link is checked (url-check.ts); a share of this server is offered to
// open, anything else to save into the drive as an offline download (POST /drive/v1/files with
// upload_type UPLOAD_TYPE_URL, API.md).
import { FILES_PATHS } from '#shared/api/files.ts';
import type { ApiErrorMessages } from '#shared/api/error-messages.ts';
import { checkUrl } from './url-check.ts';
import { clearStatus, describeApiFailure, readIslandText, showStatus, siteApi } from './island.ts';

/** A refused body, when saving a link, is the link itself: every other error is worded as everywhere else. */
export const SAVE_LINK_ERROR_MESSAGES: ApiErrorMessages = { invalid_request: 'site.urlChecker.error.notAccepted' };

export function mountUrlChecker(root: HTMLElement): void {
  const text = readIslandText(root);
  const form = root.querySelector<HTMLFormElement>('form')!;
  const input = form.querySelector<HTMLInputElement>('input')!;
  const status = root.querySelector<HTMLElement>('[role=status]')!;
  const result = root.querySelector<HTMLElement>('[data-part=result]')!;
  const checked = result.querySelector<HTMLElement>('[data-part=checked]')!;
  const openShare = result.querySelector<HTMLAnchorElement>('[data-part=open-share]')!;
  const save = result.querySelector<HTMLButtonElement>('[data-part=save]')!;
  let toSave = '';

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const check = checkUrl(input.value, location.origin);
    result.hidden = true;
    if (check.kind === 'invalid') {
      showStatus(status, text('site.urlChecker.invalid'), 'error');
      input.focus();
      return;
    }
    clearStatus(status);
    result.hidden = false;
    // textContent and a checked href: the pasted text can never become markup or a script URL.
    checked.textContent = check.kind === 'share' ? check.path : check.url;
    openShare.hidden = check.kind !== 'share';
    save.hidden = check.kind !== 'download';
    if (check.kind === 'share') {
      openShare.href = check.path;
      result.dataset.kind = 'share';
    } else {
      toSave = check.url;
      result.dataset.kind = 'download';
    }
  });

  save.addEventListener('click', async () => {
    save.disabled = true;
    showStatus(status, text('site.api.working'), 'info');
    try {
      await siteApi().post(FILES_PATHS.files, { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: toSave }, parent_id: '' });
      showStatus(status, text('site.urlChecker.saved'), 'success');
    } catch (cause) {
      showStatus(status, describeApiFailure(cause, text, SAVE_LINK_ERROR_MESSAGES), 'error');
    } finally {
      save.disabled = false;
    }
  });
}
