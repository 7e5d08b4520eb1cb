// /activity/compensation: claims the campaign's compensation (POST /vip/v1/activity/compensate,
// SPEC §7.3) for the signed-in visitor. The campaign id comes from content/campaigns.json.
import { PREMIUM_PATHS } from '#shared/api/premium.ts';
import { describeApiFailure, readIslandText, showStatus, siteApi } from './island.ts';

export function mountCompensationClaim(root: HTMLElement): void {
  const text = readIslandText(root);
  const status = root.querySelector<HTMLElement>('[role=status]')!;
  const button = root.querySelector<HTMLButtonElement>('button')!;
  const campaignId = root.dataset.campaignId ?? '';
  button.addEventListener('click', async () => {
    button.disabled = true;
    showStatus(status, text('site.api.working'), 'info');
    try {
      await siteApi().post(PREMIUM_PATHS.compensate, { activity_id: campaignId });
      button.hidden = true;
      showStatus(status, text('site.campaign.compensation.claimed'), 'success');
    } catch (cause) {
      showStatus(status, describeApiFailure(cause, text), 'error');
      button.disabled = false;
    }
  });
}
