// /inapp/shop: the visitor's membership (GET /drive/v1/privilege/vip) and activation-code
// redemption (POST /vip/v1/order/activation-code), SPEC §7.1, §7.3.
import { PREMIUM_PATHS, type VipPrivilegeAnswer } from '#shared/api/premium.ts';
import { formatLongDate } from '#shared/format.ts';
import { premiumFromVip } from '#shared/premium.ts';
import { describeApiFailure, readIslandText, showStatus, siteApi } from './island.ts';

export function mountShop(root: HTMLElement): void {
  const text = readIslandText(root);
  const api = siteApi();
  const membership = root.querySelector<HTMLElement>('[data-part=membership] [role=status]')!;
  const form = root.querySelector<HTMLFormElement>('form')!;
  const input = form.querySelector<HTMLInputElement>('input')!;
  const button = form.querySelector<HTMLButtonElement>('button')!;
  const redeemStatus = root.querySelector<HTMLElement>('[data-part=redeem] [role=status]')!;

  const loadMembership = () => {
    showStatus(membership, text('site.shop.membership.loading'), 'info');
    api
      .get<VipPrivilegeAnswer>(PREMIUM_PATHS.vipPrivilege)
      .then(({ data }) => {
        const message = premiumFromVip(data).premium ? text('site.shop.membership.premium', { date: formatLongDate(data.expire ?? '') }) : text('site.shop.membership.free');
        showStatus(membership, message, 'info');
      })
      .catch((cause: unknown) => showStatus(membership, describeApiFailure(cause, text), 'error'));
  };
  loadMembership();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!code) {
      showStatus(redeemStatus, text('site.shop.redeem.empty'), 'error');
      input.focus();
      return;
    }
    button.disabled = true;
    showStatus(redeemStatus, text('site.api.working'), 'info');
    try {
      await api.post(PREMIUM_PATHS.activationCode, { activation_code: code, data: {} });
      showStatus(redeemStatus, text('site.shop.redeem.done'), 'success');
      input.value = '';
      loadMembership();
    } catch (cause) {
      showStatus(redeemStatus, describeApiFailure(cause, text), 'error');
    } finally {
      button.disabled = false;
    }
  });
}
