// The remote config clients read (SPEC §7.4, §7.5). The debug options come from the operator's
// DEBUG_CONSOLE setting, the same for everyone; the asker's ids are accepted so a per-person rule
// can be added without changing the clients.
import type { DebugOptionsAnswer, DebugOptionsRequest } from '#shared/api/remote-config.ts';

export type RemoteConfigService = { debugOptions(asker: DebugOptionsRequest): DebugOptionsAnswer };

export function remoteConfigService(settings: { debugConsole: boolean }): RemoteConfigService {
  return {
    debugOptions: () => ({ value: { values: { debug_options: { allow_vconsole: settings.debugConsole } } } }),
  };
}
