// Accounts and audit entries as the operator console sees them: unlike a person's own profile,
// the e-mail address is shown whole (the operator runs the server that holds it).
import type { AdminUser, AdminUserDetail, AuditEntry, Overview } from '#shared/api/admin.ts';
import type { UserRow } from '../db/repositories/accounts.ts';
import type { AdminAuditRow } from '../db/repositories/admin.ts';

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
    created_at: new Date(user.created_at).toISOString(),
  };
}

export function presentAdminUserDetail({ user, activeSessions, traffic }: { user: UserRow; activeSessions: number; traffic: number }): AdminUserDetail {
  return { ...presentAdminUser(user), active_sessions: activeSessions, traffic_this_month: String(traffic) };
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
