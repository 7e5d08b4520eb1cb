// Kysely's view of Nubo's tables. Each migration that adds a table adds its interface here.
// Times are epoch milliseconds.
import type { Generated } from 'kysely';
import type { GrantKind, GrantSource } from '#shared/api/premium.ts';
import type { ReportReason } from '#shared/api/reports.ts';
import type { TaskStage, TaskType } from '#shared/api/tasks.ts';

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  phone_number: Generated<string>;
  picture: Generated<string>;
  status: Generated<string>;
  role: Generated<'user' | 'admin'>;
  created_at: number;
  updated_at: number;
  /** An operator's own storage limit for this account, instead of its tier's; null for the tier's. */
  storage_limit: number | null;
  /** Bytes of every finished file the user holds, trash included (the quota counts the trash); never below zero. */
  storage_used: Generated<number>;
  /** Bytes the user's unfinished uploads declared, held for them until they finish, fail or expire; never below zero. */
  storage_reserved: Generated<number>;
  /** When the owner confirmed the address through the link mailed to it; null until then. */
  email_verified_at: number | null;
  /** When an account being deleted (status DELETING) goes for good. */
  deletion_due_at: Generated<number | null>;
}

/** One change an admin made, for the console's audit log. Ids sort in the order of the changes. */
export interface AdminAuditTable {
  id: string;
  admin_id: string;
  action: string;
  target_id: string;
  /** What changed, as JSON. */
  details: string;
  created_at: number;
}

/** A visitor's report of a share, until a moderator dismisses it or takes the content down. */
export type ReportStatus = 'OPEN' | 'DISMISSED' | 'TAKEN_DOWN' | 'RESTORED';

export interface ShareReportTable {
  id: string;
  share_id: string;
  reason: ReportReason;
  note: Generated<string>;
  /** The account that reported, when signed in. */
  reporter_id: string | null;
  status: Generated<ReportStatus>;
  created_at: number;
  resolved_by: string | null;
  resolved_at: number | null;
  /** The moderation action that took the share's content down (moderation_action.id). */
  takedown_id: Generated<string | null>;
}

/** A single-use link a mail carries (confirming the address, resetting the password), as its hash. */
export interface AccountTokenTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface BlobTable {
  hash: string;
  size: number;
  created_at: number;
  /** Where an object store keeps it; null when the hash alone locates it (local disk). */
  storage_key: string | null;
}

export interface ObjectUploadTable {
  id: string;
  object_key: string;
  multipart_id: string;
  size: number;
  offset: number;
  parts: string;
  held_bytes: number;
  hash_state: string;
  metadata: string;
  created_at: number;
}

export interface LocalUploadTable {
  id: string;
  size: number;
  /** JSON: the upload's tus metadata (name, declared hash). */
  metadata: string;
  created_at: number;
}

/** The instant-upload proof a pending upload was offered: the range of the stored content to hash. */
export interface UploadProofTable {
  file_id: string;
  hash: string;
  offset: number;
  length: number;
}

export type FileKind = 'drive#file' | 'drive#folder';

export interface FileTable {
  id: string;
  user_id: string;
  parent_id: string;
  kind: FileKind;
  name: string;
  file_extension: Generated<string>;
  size: Generated<number>;
  mime_type: Generated<string>;
  hash: string | null;
  phase: string;
  created_at: number;
  modified_at: number;
  starred_at: number | null;
  trashed_at: number | null;
  trash_root_id: string | null;
  params: Generated<string>;
}

export interface SessionTable {
  id: string;
  user_id: string;
  client_id: string;
  device: string;
  ip: string;
  access_hash: string;
  access_expires_at: number;
  refresh_hash: string;
  refresh_expires_at: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface AuthCodeTable {
  code_hash: string;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string;
  expires_at: number;
  used_at: number | null;
  session_id: string | null;
}

export interface DeviceSignInTable {
  id: string;
  device_code_hash: string;
  user_code: string;
  client_id: string;
  scope: string;
  device: string;
  ip: string;
  created_at: number;
  expires_at: number;
  interval_s: number;
  polled_at: number | null;
  user_id: string | null;
  decision: 'approved' | 'denied' | null;
  decided_at: number | null;
  spent_at: number | null;
  session_id: string | null;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

/** The kinds of drive events, as the API names them. */
export type EventType =
  | 'TYPE_UPLOAD'
  | 'TYPE_CREATE_FOLDER'
  | 'TYPE_RENAME'
  | 'TYPE_MOVE'
  | 'TYPE_COPY'
  | 'TYPE_TRASH'
  | 'TYPE_UNTRASH'
  | 'TYPE_DELETE'
  | 'TYPE_RESTORE';

export interface EventTable {
  id: string;
  user_id: string;
  type: EventType;
  file_id: string;
  file_name: string;
  created_at: number;
}

export type { TaskType };

/** How many tasks of a type a user started on a day (UTC days since 1970), deleted ones included. */
export interface TaskStartTable {
  user_id: string;
  type: TaskType;
  day: number;
  started: number;
}

export interface TaskTable {
  id: string;
  user_id: string;
  type: TaskType;
  name: string;
  phase: string;
  progress: Generated<number>;
  message: Generated<string>;
  file_id: Generated<string>;
  file_name: Generated<string>;
  file_size: Generated<number>;
  params: Generated<string>;
  bytes_done: Generated<number>;
  /** Bytes a second over the last few seconds, while running. */
  speed: Generated<number>;
  /** The API error name a failed task ended with ('' otherwise). */
  error: Generated<string>;
  /** The step a running task is in, when it has more than one: '' for its main work, or STORING. */
  stage: Generated<TaskStage>;
  /** While running: until when this claim holds; past it, another worker may take the task. */
  lease_until: number | null;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface MediaTable {
  hash: string;
  duration: number;
  width: number;
  height: number;
  video_codec: string;
  audio_codec: string;
  /** What ffprobe read of it (server/media/probe.ts MediaProbe, as JSON); null when it was read without ffprobe. */
  probe: string | null;
  created_at: number;
  /** Whether the poster frame of a video was made ('made') or could not be ('failed'); null until its task ran. */
  poster: 'made' | 'failed' | null;
}

/** Where a person stopped in a video or audio file (seconds), latest save wins. */
export interface WatchingTable {
  user_id: string;
  file_id: string;
  position: number;
  duration: number;
  updated_at: number;
}

/** The sound and subtitle languages a person chose last in a folder, offered for its next file. */
export interface WatchingChoiceTable {
  user_id: string;
  folder_id: string;
  audio_language: Generated<string>;
  subtitle_language: Generated<string>;
  updated_at: number;
}

export interface ShareTable {
  id: string;
  user_id: string;
  title: string;
  pass_code: Generated<string>;
  expires_at: number | null;
  restore_limit: number | null;
  restore_count: Generated<number>;
  view_count: Generated<number>;
  status: Generated<string>;
  created_at: number;
  /** When the share last stopped taking passcodes because too many wrong ones were tried on it; null never. */
  pass_code_locked_at: Generated<number | null>;
  /** Until when it takes no passcodes (visitors it already let in keep their way in); null or past when it takes them. */
  pass_code_locked_until: Generated<number | null>;
}

export interface ShareItemTable {
  share_id: string;
  file_id: string;
  position: number;
}

export interface TakedownTable {
  hash: string;
  status: 'PROHIBITED' | 'SENSITIVE_RESOURCE';
  reason: Generated<string>;
  created_at: number;
}

export interface ModerationActionTable {
  id: string;
  admin_id: string;
  action: string;
  share_user_id: Generated<string>;
  hashes: string;
  share_ids: string;
  reason: Generated<string>;
  created_at: number;
}

/** One grant of the premium ledger: premium for a time, or bytes of storage or traffic for a time. */
export interface EntitlementTable {
  id: string;
  user_id: string;
  kind: GrantKind;
  /** 0 for premium. */
  bytes: Generated<number>;
  starts_at: number;
  ends_at: number;
  source: GrantSource;
  source_ref: string;
  plan_id: Generated<string>;
  created_at: number;
}

export interface ActivationCodeTable {
  id: string;
  /** SHA-256 (hex) of the code in its plain form (capitals, no separators). */
  code_hash: string;
  plan_id: string;
  /** The GrantTerms the code gives, as JSON. */
  terms: string;
  batch: string;
  created_at: number;
  expires_at: number;
  redeemed_by: string | null;
  redeemed_at: number | null;
}

export interface TrafficMonthTable {
  user_id: string;
  month: number;
  download_bytes: Generated<number>;
}

export interface CheckInTable {
  user_id: string;
  /** Days since 1970-01-01, UTC. */
  day: number;
  /** Days in a row up to this one. */
  streak: number;
  created_at: number;
}

export interface InviteCodeTable {
  user_id: string;
  code: string;
  created_at: number;
}

export interface InvitationTable {
  invitee_id: string;
  inviter_id: string;
  invitee_ip: string;
  /** 1 when it earned the inviter a reward; 0 past the cap, or from where the inviter is. */
  rewarded: number;
  created_at: number;
}

export type PurchaseStatus = 'pending' | 'paid' | 'failed';

export interface PurchaseTable {
  id: string;
  user_id: string;
  plan_id: string;
  /** The GrantTerms bought, as JSON. */
  terms: string;
  currency: string;
  /** In the currency's minor unit. */
  amount: number;
  status: PurchaseStatus;
  provider: string;
  /** The provider's id for it (a Stripe Checkout Session). */
  provider_ref: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface PaymentEventTable {
  id: string;
  received_at: number;
}

export interface MailOptOutTable {
  user_id: string;
  scene: string;
  created_at: number;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  auth_code: AuthCodeTable;
  device_sign_in: DeviceSignInTable;
  blob: BlobTable;
  object_upload: ObjectUploadTable;
  local_upload: LocalUploadTable;
  upload_proof: UploadProofTable;
  file: FileTable;
  server_secret: ServerSecretTable;
  event: EventTable;
  task: TaskTable;
  task_start: TaskStartTable;
  media: MediaTable;
  watching: WatchingTable;
  watching_choice: WatchingChoiceTable;
  share: ShareTable;
  share_item: ShareItemTable;
  takedown: TakedownTable;
  moderation_action: ModerationActionTable;
  entitlement: EntitlementTable;
  activation_code: ActivationCodeTable;
  traffic_month: TrafficMonthTable;
  check_in: CheckInTable;
  invite_code: InviteCodeTable;
  invitation: InvitationTable;
  purchase: PurchaseTable;
  payment_event: PaymentEventTable;
  mail_opt_out: MailOptOutTable;
  account_token: AccountTokenTable;
  admin_audit: AdminAuditTable;
  share_report: ShareReportTable;
}
