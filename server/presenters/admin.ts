// Accounts and audit entries as the operator console sees them: unlike a person's own profile,
// the e-mail address is shown whole (the operator runs the server that holds it).
import type { AdminUser, AdminUserDetail, AuditEntry, Campaign, Overview } from '#shared/api/admin.ts';
import { CAMPAIGN_SLUGS, type CampaignCalendar } from '#shared/campaigns.ts';
import type { Config } from '../config.ts';
import type { SessionRow, UserRow } from '../db/repositories/accounts.ts';
import type { AdminAuditRow } from '../db/repositories/admin.ts';
import type { EntitlementRow } from '../db/repositories/premium.ts';
import { maskedAddress } from '../redaction.ts';
import { presentSession } from './accounts.ts';
import { presentGrant } from './premium.ts';

export function presentAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    email_verified: user.email_verified_at !== null,
    storage_used: String(user.storage_used),
    storage_limit: user.storage_limit === null ? '' : String(user.storage_limit),
    deletion_due_at: user.deletion_due_at === null ? '' : new Date(Number(user.deletion_due_at)).toISOString(),
    created_at: new Date(user.created_at).toISOString(),
  };
}

export function presentAdminUserDetail({
  user,
  sessions,
  traffic,
  grants,
}: {
  user: UserRow;
  sessions: SessionRow[];
  traffic: number;
  grants: EntitlementRow[];
}): AdminUserDetail {
  return {
    ...presentAdminUser(user),
    active_sessions: sessions.length,
    traffic_this_month: String(traffic),
    // No session here is the one asking: the operator's own is not among another account's.
    sessions: sessions.map((session) => presentSession(session, '')),
    grants: grants.map(presentGrant),
  };
}

export function presentAuditEntry(entry: AdminAuditRow & { admin_email: string }): AuditEntry {
  return {
    id: entry.id,
    admin_id: entry.admin_id,
    admin_email: entry.admin_email,
    action: entry.action,
    target_id: entry.target_id,
    details: JSON.parse(entry.details) as Record<string, unknown>,
    created_at: new Date(entry.created_at).toISOString(),
  };
}

export function presentOverview(overview: {
  users: number;
  storageUsed: number;
  storageStored: number;
  blobs: number;
  shares: number;
  tasks: Array<{ phase: string; count: number }>;
  signUps: Overview['sign_ups'];
  uploads: Overview['uploads'];
}): Overview {
  return {
    users: overview.users,
    storage_used: String(overview.storageUsed),
    storage_stored: String(overview.storageStored),
    blobs: overview.blobs,
    shares: overview.shares,
    tasks: Object.fromEntries(overview.tasks.map(({ phase, count }) => [phase, count])),
    sign_ups: overview.signUps,
    uploads: overview.uploads,
  };
}

export function presentCodeBatch(batch: { batch: string; plan_id: string; codes: number; redeemed: number; created_at: number; expires_at: number }) {
  return { ...batch, created_at: new Date(batch.created_at).toISOString(), expires_at: new Date(batch.expires_at).toISOString() };
}

/** What stands for a secret: whether it is set, never what it is. */
const SET = '(set)';
const UNSET = '';

/** The running configuration by environment variable, for the console's settings page. */
export function presentSettings(config: Config, version: string) {
  const database = config.database.engine === 'sqlite' ? `sqlite:${config.database.file}` : maskedAddress(config.database.url);
  const blobs =
    config.blobStore.driver === 'local'
      ? `file://${config.blobStore.dir}`
      : `s3://${config.blobStore.bucket}/${config.blobStore.prefix}${config.blobStore.endpoint ? ` (${maskedAddress(config.blobStore.endpoint)})` : ''}`;
  const settings: Array<[string, string | number | boolean]> = [
    ['PUBLIC_URL', config.publicUrlSet ? config.publicUrl : UNSET],
    ['HOST', config.host],
    ['PORT', config.port],
    ['DATA_DIR', config.dataDir],
    ['DATABASE_URL', database],
    ['REDIS_URL', config.redisUrl ? maskedAddress(config.redisUrl) : UNSET],
    ['BLOB_STORE', blobs],
    ['ACCEL_REDIRECT', config.accelRedirect ?? UNSET],
    ['LOG_LEVEL', config.logLevel],
    ['ADMIN_EMAILS', config.adminEmails.join(', ')],
    ['ACCOUNT_DELETION_GRACE_DAYS', config.accountDeletionGraceDays],
    ['RECENT_EVENTS_DAYS', config.recentEventsDays],
    ['TRUSTED_PROXIES', config.trustedProxies.join(', ')],
    ['BLOCKED_NETWORKS', config.blockedNetworks.join(', ')],
    ['EMBED_ORIGINS', config.embedOrigins.join(', ')],
    ['SIGN_UPS_PER_ADDRESS', config.signUpsPerAddress],
    ['TASK_CONCURRENCY', config.taskConcurrency],
    ['TASK_LEASE_SECONDS', config.taskLeaseSeconds],
    ['DEBUG_CONSOLE', config.debugConsole ? 'on' : 'off'],
    ['OFFLINE_ACTIVE_TASKS', config.offline.activeTasks],
    ['OFFLINE_DAILY_TASKS', config.offline.dailyTasks],
    ['OFFLINE_MAX_SIZE', config.offline.maxSize],
    ['OFFLINE_ALLOW_NETWORKS', config.offline.allowNetworks.join(', ')],
    ['OFFLINE_STALL_SECONDS', config.offline.stallSeconds],
    ['OFFLINE_NO_PEERS_SECONDS', config.offline.noPeersSeconds],
    ['OFFLINE_TORRENT_PORT', config.offline.torrentPort],
    ['OFFLINE_DHT', config.offline.dht ? 'on' : 'off'],
    ['OFFLINE_DHT_NODES', config.offline.dhtNodes?.join(', ') ?? UNSET],
    ['OFFLINE_SEED', config.offline.seed ? 'on' : 'off'],
    ['SMTP_URL', config.mail ? maskedAddress(config.mail.smtpUrl) : UNSET],
    ['MAIL_FROM', config.mail?.from ?? UNSET],
    ['STRIPE_SECRET_KEY', config.stripe ? SET : UNSET],
    ['STRIPE_WEBHOOK_SECRET', config.stripe ? SET : UNSET],
    ['METRICS_TOKEN', config.metricsToken ? SET : UNSET],
  ];
  return { version, settings: settings.map(([name, value]) => ({ name, value: String(value) })) };
}

/** The campaign calendar as the console shows it, in the calendar's order. */
export function presentCampaigns(calendar: CampaignCalendar): Campaign[] {
  return CAMPAIGN_SLUGS.map((slug) => {
    const campaign = calendar[slug];
    const compensation = campaign.compensation;
    return {
      slug,
      campaign_id: campaign.campaignId ?? slug,
      starts_at: new Date(campaign.starts).toISOString(),
      ends_at: new Date(campaign.ends).toISOString(),
      ...(compensation
        ? {
            compensation: {
              kind: compensation.grant.kind,
              days: compensation.grant.days,
              bytes: String(compensation.grant.bytes ?? 0),
              ...(compensation.createdBefore !== undefined ? { accounts_created_before: new Date(compensation.createdBefore).toISOString() } : {}),
            },
          }
        : {}),
    };
  });
}
