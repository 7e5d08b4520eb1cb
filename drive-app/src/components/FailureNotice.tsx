import { useFailureText, useT } from '../i18n.ts';
import { MoreLink, remedyFor } from './premium/MoreLink.tsx';

type Props = { failure: unknown; onRetry?: (() => void) | undefined };

/** A failure as its translated, actionable message, with a way to try again or to get more room when there is one. */
export function FailureNotice({ failure, onRetry }: Props) {
  const t = useT();
  const describeFailure = useFailureText();
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeFailure(failure)}</p>
      <MoreLink remedy={remedyFor(failure)} />
      {onRetry && (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
    </div>
  );
}
