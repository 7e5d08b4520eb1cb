// Reports of shares as the operator console lists them.
import type { ShareReport } from '#shared/api/reports.ts';
import type { ShareReportRow } from '../db/repositories/reports.ts';

type Listed = ShareReportRow & {
  share_title: string | null;
  share_status: string | null;
  owner_id: string | null;
  owner_email: string | null;
  reporter_email: string | null;
};

export function presentShareReport(report: Listed): ShareReport {
  return {
    id: report.id,
    share_id: report.share_id,
    share_title: report.share_title ?? '',
    // A share deleted since it was reported is gone for the console too.
    share_status: report.share_status ?? 'NOT_FOUND',
    owner_id: report.owner_id ?? '',
    owner_email: report.owner_email ?? '',
    reason: report.reason,
    note: report.note,
    reporter_email: report.reporter_email ?? '',
    status: report.status,
    created_at: new Date(report.created_at).toISOString(),
  };
}
