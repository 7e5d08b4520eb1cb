import type { ReportReason } from '#shared/api/reports.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';

/** Each reason a visitor may give for a report, as the report dialog and the console say it. */
export const REPORT_REASON_LABELS: Record<ReportReason, MessageKey> = {
  copyright: 'share.report.reason.copyright',
  illegal: 'share.report.reason.illegal',
  abuse: 'share.report.reason.abuse',
  spam: 'share.report.reason.spam',
  other: 'share.report.reason.other',
};
