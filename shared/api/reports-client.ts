// Reporting a share (shared/api/reports.ts) as a typed call over the shared HTTP client.
import type { ApiClient } from './client.ts';
import { REPORT_PATHS, type ReportReason } from './reports.ts';

export function reportsApi(api: ApiClient) {
  return {
    report: (shareId: string, reason: ReportReason, note: string) => api.post<Record<string, never>>(REPORT_PATHS.report, { share_id: shareId, reason, note }),
  };
}
