import { failureMessage } from '#shared/api/error-messages.ts';
import { useLocaleCode, useT } from '../i18n.ts';

type Props = { failure: unknown; onRetry?: (() => void) | undefined };

/** A failure as its translated, actionable message, with a way to try again when there is one. */
export function FailureNotice({ failure, onRetry }: Props) {
  const t = useT();
  const locale = useLocaleCode();
  const { key, values } = failureMessage(failure, { locale });
  return (
    <div className="notice notice-error" role="alert">
      <p>{t(key, values)}</p>
      {onRetry && (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
    </div>
  );
}
