// The operator console's API (shared/api/admin.ts) as typed calls over the shared HTTP client.
import type { Static } from 'typebox';
import {
  ADMIN_PATHS,
  type AdminUser,
  type AdminUserDetail,
  type AuditEntry,
  type Campaign,
  type CodeBatchList,
  type Overview,
  type REPORT_ACTIONS,
  type ReportList,
  type ResolvedReportSchema,
  type RevokedCodesSchema,
  type SettingsSchema,
  type UpdateAdminUserBody,
} from './admin.ts';
import type { ApiClient } from './client.ts';
import type { Grant, GrantTerms } from './premium.ts';

const userPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export type AdminSettings = Static<typeof SettingsSchema>;
export type CodeBatch = Static<typeof CodeBatchList>['batches'][number];
export type ReportState = 'open' | 'handled';

export function adminApi(api: ApiClient) {
  return {
    overview: () => api.get<Overview>(ADMIN_PATHS.overview),
    users: (q: string, pageToken = '') =>
      api.get<{ users: AdminUser[]; next_page_token: string }>(ADMIN_PATHS.users, { q: q || undefined, page_token: pageToken || undefined }),
    user: (id: string) => api.get<AdminUserDetail>(userPath(ADMIN_PATHS.user, id)),
    updateUser: (id: string, changes: Static<typeof UpdateAdminUserBody>) => api.patch<AdminUserDetail>(userPath(ADMIN_PATHS.user, id), changes),
    /** Deletes the account after the server's grace period; enabling it before then restores it. */
    deleteAccount: (id: string) => api.post<AdminUserDetail>(userPath(ADMIN_PATHS.deleteUser, id)),
    grant: (id: string, terms: GrantTerms) => api.post<Grant>(userPath(ADMIN_PATHS.grants, id), terms),
    signOutEverywhere: (id: string) => api.post<Record<string, never>>(userPath(ADMIN_PATHS.signOutEverywhere, id)),
    audit: (pageToken = '') => api.get<{ entries: AuditEntry[]; next_page_token: string }>(ADMIN_PATHS.audit, { page_token: pageToken || undefined }),
    codeBatches: async () => (await api.get<Static<typeof CodeBatchList>>(ADMIN_PATHS.codes)).batches,
    /** The minted codes as CSV: the only time they can be read. */
    mintCodes: (planId: string, count: number, validDays: number) => api.postForText(ADMIN_PATHS.codes, { plan_id: planId, count, valid_days: validDays }),
    revokeCodes: (batch: string) => api.post<Static<typeof RevokedCodesSchema>>(ADMIN_PATHS.revokeCodes, { batch }),
    settings: () => api.get<AdminSettings>(ADMIN_PATHS.settings),
    campaigns: async () => (await api.get<{ campaigns: Campaign[] }>(ADMIN_PATHS.campaigns)).campaigns,
    reports: (state: ReportState, pageToken = '') => api.get<Static<typeof ReportList>>(ADMIN_PATHS.reports, { state, page_token: pageToken || undefined }),
    resolveReport: (reportId: string, action: (typeof REPORT_ACTIONS)[number]) =>
      api.post<Static<typeof ResolvedReportSchema>>(ADMIN_PATHS.resolveReport, { report_id: reportId, action }),
  };
}
