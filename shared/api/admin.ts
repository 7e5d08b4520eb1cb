// The operator console's API (/admin/v1, for accounts with the admin role; everyone else gets
// permission_denied): the accounts — found by e-mail, name or id, their storage, quota, status
// and role changed — and the audit log every such change is written to.
import { type Static, Type } from 'typebox';
import { SessionResource } from './accounts.ts';
import { GRANT_KINDS, GrantSchema } from './premium.ts';
import { ShareReportSchema } from './reports.ts';
import { Int64String, oneOf, Time } from './resources.ts';

export const ADMIN_PATHS = {
  users: '/admin/v1/users',
  user: '/admin/v1/users/:id',
  /** POST GrantTerms: gives the account premium, storage or traffic for a time (the operator's grant). */
  grants: '/admin/v1/users/:id/grants',
  /** POST: deletes the account after the grace period (ACCOUNT_DELETION_GRACE_DAYS); enabling it before then restores it. */
  deleteUser: '/admin/v1/users/:id/deletion',
  /** POST: ends every session of the account (sign out everywhere). */
  signOutEverywhere: '/admin/v1/users/:id/sessions:revoke',
  audit: '/admin/v1/audit',
  /** GET: what the server holds, and its sign-ups and uploads per day. */
  overview: '/admin/v1/overview',
  /** GET: the minted batches of activation codes; POST: mints a batch, answered as CSV (the only time the codes can be read). */
  codes: '/admin/v1/codes',
  /** GET: the running configuration, secrets masked, and the version. */
  settings: '/admin/v1/settings',
  /** GET: reports of shares, the open ones (the queue, oldest first) or the handled ones (newest first). */
  reports: '/admin/v1/reports',
  /** POST `{ report_id, action }`: dismisses a report, takes its share's content down, or restores what a report's takedown took. */
  resolveReport: '/admin/v1/reports:resolve',
  /** POST `{ batch }`: the batch's codes not yet redeemed stop working. */
  revokeCodes: '/admin/v1/codes:revoke',
  /** GET: the campaigns of CAMPAIGNS_FILE, their dates and what claiming one gives. */
  campaigns: '/admin/v1/campaigns',
} as const;

export const ACCOUNT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const ACCOUNT_ROLES = ['user', 'admin'] as const;

export const AdminUserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: oneOf(ACCOUNT_ROLES),
  status: Type.String(),
  email_verified: Type.Boolean(),
  /** Bytes held, the trash included. */
  storage_used: Int64String,
  /** The operator's own quota for this account in bytes; '' when its tier's applies. */
  storage_limit: Type.String(),
  /** When an account being deleted (status DELETING) goes for good; '' for any other. */
  deletion_due_at: Type.String(),
  created_at: Time,
});
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminUserDetailSchema = Type.Object({
  ...AdminUserSchema.properties,
  /** Sessions not ended. */
  active_sessions: Type.Integer(),
  /** Bytes downloaded through the account's links this month. */
  traffic_this_month: Int64String,
  /** Its signed-in devices, most lately seen first (`current` is always false here). */
  sessions: Type.Array(SessionResource),
  /** Its grants, newest first, ended ones too. */
  grants: Type.Array(GrantSchema),
});
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

export const AdminUserList = Type.Object({ users: Type.Array(AdminUserSchema), next_page_token: Type.String() });

export const AdminUserQuery = Type.Object({
  /** Part of an e-mail address or a name, or a whole account id. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  page_token: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const AdminUserParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const UpdateAdminUserBody = Type.Object({
  /** Bytes, or '' to give the account its tier's quota again. */
  storage_limit: Type.Optional(Type.String({ pattern: '^([0-9]{1,16})?$' })),
  status: Type.Optional(oneOf(ACCOUNT_STATUSES)),
  role: Type.Optional(oneOf(ACCOUNT_ROLES)),
});

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  admin_id: Type.String(),
  admin_email: Type.String(),
  /** What was done: `user.quota`, `user.status`, `user.role`, `user.sign_out`. */
  action: Type.String(),
  target_id: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
  created_at: Time,
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditList = Type.Object({ entries: Type.Array(AuditEntrySchema), next_page_token: Type.String() });
export const AuditQuery = Type.Object({
  page_token: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** A count per UTC day, oldest first, every day of the period present (0 when nothing happened). */
export const DailyCounts = Type.Array(Type.Object({ day: Type.String({ format: 'date' }), count: Type.Integer() }));

export const OverviewSchema = Type.Object({
  users: Type.Integer(),
  /** Bytes the accounts hold, as their quotas count them (a copy counts twice). */
  storage_used: Int64String,
  /** Bytes actually stored: each content once. */
  storage_stored: Int64String,
  blobs: Type.Integer(),
  shares: Type.Integer(),
  tasks: Type.Record(Type.String(), Type.Integer()),
  sign_ups: DailyCounts,
  uploads: DailyCounts,
});
export type Overview = Static<typeof OverviewSchema>;

export const CodeBatchSchema = Type.Object({
  batch: Type.String(),
  plan_id: Type.String(),
  codes: Type.Integer(),
  redeemed: Type.Integer(),
  created_at: Time,
  expires_at: Time,
});
export const CodeBatchList = Type.Object({ batches: Type.Array(CodeBatchSchema) });
export const MintCodesBody = Type.Object({
  plan_id: Type.String({ minLength: 1, maxLength: 100 }),
  count: Type.Integer({ minimum: 1, maximum: 100_000 }),
  valid_days: Type.Integer({ minimum: 1, maximum: 3650 }),
});
export const RevokeCodesBody = Type.Object({ batch: Type.String({ minLength: 1, maxLength: 64 }) });
export const RevokedCodesSchema = Type.Object({ revoked: Type.Integer() });

export const SettingsSchema = Type.Object({
  version: Type.String(),
  /** Each setting by its environment variable, as the server runs with it; secrets show only whether they are set. */
  settings: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
});

export const ReportQuery = Type.Object({
  state: Type.Optional(oneOf(['open', 'handled'] as const)),
  page_token: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const ReportList = Type.Object({ reports: Type.Array(ShareReportSchema), next_page_token: Type.String() });
export const REPORT_ACTIONS = ['dismiss', 'take_down', 'restore'] as const;
export const ResolveReportBody = Type.Object({ report_id: Type.String({ minLength: 1, maxLength: 64 }), action: oneOf(REPORT_ACTIONS) });
/** What the action changed: contents taken down or given back, and shares closed or opened again. */
export const ResolvedReportSchema = Type.Object({ contents: Type.Integer(), shares: Type.Integer() });

export const CampaignSchema = Type.Object({
  /** The campaign's page, /activity/<slug>. */
  slug: Type.String(),
  /** What POST /vip/v1/activity/compensate calls it. */
  campaign_id: Type.String(),
  starts_at: Time,
  ends_at: Time,
  /** What claiming it gives once per account, and to accounts created before when (if set). */
  compensation: Type.Optional(
    Type.Object({ kind: oneOf(GRANT_KINDS), days: Type.Integer(), bytes: Int64String, accounts_created_before: Type.Optional(Time) }),
  ),
});
export type Campaign = Static<typeof CampaignSchema>;
export const CampaignList = Type.Object({ campaigns: Type.Array(CampaignSchema) });
