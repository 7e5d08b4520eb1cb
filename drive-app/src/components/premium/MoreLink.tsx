import { createContext, useContext } from 'react';
import { toApiError } from '#shared/api/client.ts';
import { API_ERROR_MESSAGES, type Message } from '#shared/api/error-messages.ts';
import { PAYMENT_STORAGE_PATH, PAYMENT_TRAFFIC_PATH } from '#shared/app-paths.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { useT } from '../../i18n.ts';

/** What more would remedy a failure: storage for a full drive, downloads for a used-up month. */
export type Remedy = 'storage' | 'traffic';

/**
 * How the page asks for more: the drive's pages open a dialog (or the host's, inside one); a page
 * outside the drive's layout (the share page) has none, and links to the premium page instead.
 */
export const RemedyContext = createContext<((remedy: Remedy) => void) | undefined>(undefined);

const TARGETS: Record<Remedy, { href: string; label: MessageKey }> = {
  storage: { href: PAYMENT_STORAGE_PATH, label: 'quota.getMore' },
  traffic: { href: PAYMENT_TRAFFIC_PATH, label: 'premium.getTraffic' },
};

export function remedyFor(failure: unknown): Remedy | undefined {
  const { error } = toApiError(failure);
  if (error === 'file_space_not_enough') return 'storage';
  if (error === 'traffic_not_enough') return 'traffic';
  return undefined;
}

/** The same, for a failure already turned into its message (an upload's problem). */
export function remedyForMessage(message: Message): Remedy | undefined {
  if (message.key === API_ERROR_MESSAGES.file_space_not_enough) return 'storage';
  if (message.key === API_ERROR_MESSAGES.traffic_not_enough) return 'traffic';
  return undefined;
}

/** "Get more storage" (or downloads) beside a failure that more would remedy; nothing otherwise. */
export function MoreLink({ remedy }: { remedy: Remedy | undefined }) {
  const t = useT();
  const ask = useContext(RemedyContext);
  if (!remedy) return null;
  if (ask)
    return (
      <button type="button" className="button secondary" onClick={() => ask(remedy)}>
        {t(TARGETS[remedy].label)}
      </button>
    );
  return (
    <a className="button secondary" href={TARGETS[remedy].href}>
      {t(TARGETS[remedy].label)}
    </a>
  );
}
