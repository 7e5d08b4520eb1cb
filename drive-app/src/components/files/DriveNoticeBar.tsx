import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useT } from '../../i18n.ts';
import { $driveNotice, dismissDriveNotice } from '../../stores/drive-notice.ts';
import { FailureNotice } from '../FailureNotice.tsx';

/** How long a report of success stays; failures stay until dismissed or replaced. */
const SUCCESS_SHOWN_MS = 8000;

/** What the last action did, or why it failed. */
export function DriveNoticeBar() {
  const t = useT();
  const notice = useStore($driveNotice);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(dismissDriveNotice, SUCCESS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // A notice belongs to the page it was made on.
  useEffect(() => dismissDriveNotice, []);

  return (
    <>
      <div className="drive-notice" role="status">
        {notice?.tone === 'success' && (
          <p className="notice notice-success">
            {t(notice.message.key, notice.message.values)}
            <button type="button" className="link-button" onClick={dismissDriveNotice}>
              {t('dialog.dismiss')}
            </button>
          </p>
        )}
      </div>
      {notice?.tone === 'failure' && <FailureNotice failure={notice.failure} />}
    </>
  );
}
