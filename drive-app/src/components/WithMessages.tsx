import bootMessages from 'virtual:boot-messages';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $locale } from '../stores/locale.ts';
import { $messages } from '../stores/messages.ts';

/** Shows `children` once the UI strings are loaded; until then a busy page, or a way to reload. */
export function WithMessages({ children }: { children: ReactNode }) {
  const messages = useStore($messages);
  const locale = useStore($locale);
  if (messages.status === 'loading') return <div className="app-loading" aria-busy="true" />;
  if (messages.status === 'failed') {
    const boot = bootMessages[locale] ?? bootMessages['en-US'];
    return (
      <div className="app-loading" role="alert">
        <p>{boot?.['drive.loadFailed']}</p>
        <button type="button" onClick={() => location.reload()}>
          {boot?.['drive.reload']}
        </button>
      </div>
    );
  }
  return children;
}
