// Reporting a share (API.md Shares): a visitor tells the operator what is wrong with a shared
// link — a reason and, if they like, a few words. Reports queue in the operator console, where a
// moderator takes the content down or dismisses the report.
import { type Static, Type } from 'typebox';
import { oneOf, Time } from './resources.ts';

export const REPORT_PATHS = { report: '/drive/v1/share/report' } as const;

export const REPORT_REASONS = ['copyright', 'illegal', 'abuse', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The longest note a visitor may add. */
export const REPORT_NOTE_MAX_LENGTH = 1000;

export const ReportShareBody = Type.Object({
  share_id: Type.String({ minLength: 1, maxLength: 64 }),
  reason: oneOf(REPORT_REASONS),
  note: Type.Optional(Type.String({ maxLength: REPORT_NOTE_MAX_LENGTH })),
});

/** A report as the console lists it, with what it is about. */
export const ShareReportSchema = Type.Object({
  id: Type.String(),
  share_id: Type.String(),
  share_title: Type.String(),
  share_status: Type.String(),
  owner_id: Type.String(),
  owner_email: Type.String(),
  reason: oneOf(REPORT_REASONS),
  note: Type.String(),
  /** The reporter's address when they were signed in; '' for a visitor who was not. */
  reporter_email: Type.String(),
  /** OPEN until a moderator acts: then DISMISSED or TAKEN_DOWN; RESTORED when the content taken down was given back. */
  status: oneOf(['OPEN', 'DISMISSED', 'TAKEN_DOWN', 'RESTORED'] as const),
  created_at: Time,
});
export type ShareReport = Static<typeof ShareReportSchema>;
