// /inapp/widget: the signed-in visitor's storage quota (GET /drive/v1/about, SPEC §1 "storage quota
// display"), small enough for the native app to show in a webview.

import { useEffect, useState } from 'react';
import type { About } from '#shared/api/files.ts';
import { FILES_PATHS } from '#shared/api/files.ts';
import { formatSize } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { describeApiFailure, siteApi } from './island.ts';
import { type IslandProps, type Status, StatusLine, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const STORAGE_WIDGET_MESSAGES: readonly MessageKey[] = ['site.widget.loading', 'site.widget.used', 'site.widget.unlimited'];

/** `labelledBy`: the id of the widget's heading, which names the meter too. */
export function StorageWidget({ messages, labelledBy }: IslandProps & { labelledBy: string }) {
  const text = useIslandText(messages);
  const [status, setStatus] = useState<Status>();
  const [meter, setMeter] = useState<{ usage: number; limit: number }>();

  useEffect(() => {
    setStatus({ message: text('site.widget.loading'), kind: 'info' });
    siteApi()
      .get<About>(FILES_PATHS.about)
      .then(({ quota }) => {
        const usage = Number(quota.usage);
        if (quota.is_unlimited) return setStatus({ message: text('site.widget.unlimited', { used: formatSize(usage) }), kind: 'info' });
        const limit = Number(quota.limit);
        setMeter({ usage, limit });
        setStatus({ message: text('site.widget.used', { used: formatSize(usage), limit: formatSize(limit) }), kind: 'info' });
      })
      .catch((cause: unknown) => setStatus({ message: describeApiFailure(cause, text), kind: 'error' }));
  }, [text]);

  return (
    <>
      {meter && <meter min={0} max={meter.limit} value={meter.usage} aria-labelledby={labelledBy} />}
      <StatusLine status={status} />
    </>
  );
}
