// /check-in: asks whether today's check-in is done (GET /vip/v1/task/status?scene=check_in), then
// lets the visitor check in (POST /vip/v1/activity/rewardVip), SPEC §7.3.
import { CHECK_IN_SCENE, PREMIUM_PATHS } from '#shared/api/premium.ts';
import { describeApiFailure, readIslandText, showStatus, siteApi } from './island.ts';

type TaskStatus = { status?: unknown };

export function mountCheckIn(root: HTMLElement): void {
  const text = readIslandText(root);
  const status = root.querySelector<HTMLElement>('[role=status]')!;
  const button = root.querySelector<HTMLButtonElement>('button')!;
  const api = siteApi();
  const showDone = () => {
    button.hidden = true;
    showStatus(status, text('site.checkIn.done'), 'success');
  };

  showStatus(status, text('site.checkIn.loading'), 'info');
  api
    .get<TaskStatus>(PREMIUM_PATHS.taskStatus, { scene: CHECK_IN_SCENE })
    .then((answer) => {
      if (answer?.status === 'done') return showDone();
      status.hidden = true;
      button.hidden = false;
    })
    .catch((cause: unknown) => showStatus(status, describeApiFailure(cause, text), 'error'));

  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await api.post(PREMIUM_PATHS.rewardVip, { type: CHECK_IN_SCENE, data: {} });
      showDone();
    } catch (cause) {
      showStatus(status, describeApiFailure(cause, text), 'error');
      button.disabled = false;
    }
  });
}
