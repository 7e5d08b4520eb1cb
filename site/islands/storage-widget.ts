// /inapp/widget: the signed-in visitor's storage quota (GET /drive/v1/about, SPEC §1 "storage quota
// display"), small enough for the native app to show in a webview.
import { FILES_PATHS } from '#shared/api/files.ts';
import type { About } from '#shared/api/resources.ts';
import { formatSize } from '#shared/format.ts';
import { describeApiFailure, readIslandText, showStatus, siteApi } from './island.ts';

export function mountStorageWidget(root: HTMLElement): void {
  const text = readIslandText(root);
  const status = root.querySelector<HTMLElement>('[role=status]')!;
  const meter = root.querySelector<HTMLMeterElement>('meter')!;
  showStatus(status, text('site.widget.loading'), 'info');
  siteApi()
    .get<About>(FILES_PATHS.about)
    .then(({ quota }) => {
      const usage = Number(quota.usage);
      if (quota.is_unlimited) return showStatus(status, text('site.widget.unlimited', { used: formatSize(usage) }), 'info');
      const limit = Number(quota.limit);
      meter.max = limit;
      meter.value = usage;
      meter.hidden = false;
      showStatus(status, text('site.widget.used', { used: formatSize(usage), limit: formatSize(limit) }), 'info');
    })
    .catch((cause: unknown) => showStatus(status, describeApiFailure(cause, text), 'error'));
}
