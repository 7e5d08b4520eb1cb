// Every migration, in order. Names sort by their number; a migration never changes once landed.
import type { Migration } from 'kysely/migration';
import { accounts } from './0001_accounts.ts';
import { drive } from './0002_drive.ts';
import { serverSecrets } from './0003_server_secrets.ts';
import { events } from './0004_events.ts';
import { tasks } from './0005_tasks.ts';
import { media } from './0006_media.ts';
import { traffic } from './0007_traffic.ts';
import { shares } from './0008_shares.ts';
import { fileTreeIndex } from './0009_file_tree_index.ts';
import { moderation } from './0010_moderation.ts';
import { objectStorage } from './0011_object_storage.ts';
import { offlineDownloads } from './0012_offline_downloads.ts';
import { taskStage } from './0013_task_stage.ts';
import { taskStarts } from './0014_task_starts.ts';
import { premium } from './0015_premium.ts';
import { checkIns } from './0016_check_ins.ts';
import { invitations } from './0017_invitations.ts';
import { purchases } from './0018_purchases.ts';
import { mailOptOuts } from './0019_mail_opt_outs.ts';
import { accountMail } from './0020_account_mail.ts';
import { adminAudit } from './0021_admin_audit.ts';
import { shareReports } from './0022_share_reports.ts';
import { reportTakedowns } from './0023_report_takedowns.ts';
import { accountDeletion } from './0024_account_deletion.ts';
import { localUploads } from './0025_local_uploads.ts';
import { shareItemOrder } from './0026_share_item_order.ts';
import { storageReservations } from './0027_storage_reservations.ts';
import { sharePasscodeLocks } from './0028_share_passcode_locks.ts';
import { retention } from './0029_retention.ts';
import { deviceSignIn } from './0030_device_sign_in.ts';
import { mediaProbe } from './0031_media_probe.ts';
import { watching } from './0032_watching.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_drive': drive,
  '0003_server_secrets': serverSecrets,
  '0004_events': events,
  '0005_tasks': tasks,
  '0006_media': media,
  '0007_traffic': traffic,
  '0008_shares': shares,
  '0009_file_tree_index': fileTreeIndex,
  '0010_moderation': moderation,
  '0011_object_storage': objectStorage,
  '0012_offline_downloads': offlineDownloads,
  '0013_task_stage': taskStage,
  '0014_task_starts': taskStarts,
  '0015_premium': premium,
  '0016_check_ins': checkIns,
  '0017_invitations': invitations,
  '0018_purchases': purchases,
  '0019_mail_opt_outs': mailOptOuts,
  '0020_account_mail': accountMail,
  '0021_admin_audit': adminAudit,
  '0022_share_reports': shareReports,
  '0023_report_takedowns': reportTakedowns,
  '0024_account_deletion': accountDeletion,
  '0025_local_uploads': localUploads,
  '0026_share_item_order': shareItemOrder,
  '0027_storage_reservations': storageReservations,
  '0028_share_passcode_locks': sharePasscodeLocks,
  '0029_retention': retention,
  '0030_device_sign_in': deviceSignIn,
  '0031_media_probe': mediaProbe,
  '0032_watching': watching,
};
