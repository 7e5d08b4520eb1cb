// Invitations (API.md) as typed calls over the shared HTTP client: joining through a code, one's
// own code and link, and how many joined.
import type { ApiClient } from './client.ts';
import { INVITATION_PATHS, type InvitationList, type InviteCode, type Invited, type InviteInfo } from './invitations.ts';

export function invitationsApi(api: ApiClient) {
  return {
    join: (code: string) => api.post<Invited>(INVITATION_PATHS.invite, { from: code }),
    code: () => api.get<InviteCode>(INVITATION_PATHS.inviteCode),
    info: () => api.get<InviteInfo>(INVITATION_PATHS.inviteInfo),
    list: (limit = 20) => api.get<InvitationList>(INVITATION_PATHS.invitations, { limit }),
  };
}
