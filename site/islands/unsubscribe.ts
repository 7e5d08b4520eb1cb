// /unsubscribe: the e-mail's link carries ?d=, which the mail API takes as it is (SPEC §3.1
// unsubscribeInfo, §7.5). Nothing happens until the visitor confirms, so a mail scanner that
// follows links does not unsubscribe anyone.
import { MAIL_PATHS } from '#shared/api/premium.ts';
import { describeApiFailure, readIslandText, showStatus, siteApi } from './island.ts';

export function mountUnsubscribe(root: HTMLElement): void {
  const text = readIslandText(root);
  const status = root.querySelector<HTMLElement>('[role=status]')!;
  const button = root.querySelector<HTMLButtonElement>('button')!;
  const code = new URLSearchParams(location.search).get('d');
  if (!code) {
    showStatus(status, text('site.unsubscribe.missingCode'), 'error');
    return;
  }
  button.hidden = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    showStatus(status, text('site.api.working'), 'info');
    try {
      const answer = await siteApi().get<{ email?: unknown }>(MAIL_PATHS.unsubscribe, { d: code });
      const email = typeof answer?.email === 'string' ? answer.email : '';
      showStatus(status, email ? text('site.unsubscribe.doneFor', { email }) : text('site.unsubscribe.done'), 'success');
      button.hidden = true;
    } catch (cause) {
      showStatus(status, describeApiFailure(cause, text), 'error');
      button.disabled = false;
    }
  });
}
