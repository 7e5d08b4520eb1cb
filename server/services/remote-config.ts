// The remote config clients read (SPEC §7.4, §7.5). The debug options come from the operator's
// DEBUG_CONSOLE setting, the same for everyone; the asker's ids are accepted so a per-person rule
// can be added without changing the clients. The other sections are the operator's file
// (CLIENT_CONFIG_FILE), each value given once or per locale, answered in the asker's language.
import type { ClientConfigAnswer, ClientConfigRequest, DebugOptionsAnswer, DebugOptionsRequest } from '#shared/api/remote-config.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, matchLocale } from '#shared/i18n/locales.ts';
import type { ClientConfigSections } from '../config.ts';

export type RemoteConfigService = {
  debugOptions(asker: DebugOptionsRequest): DebugOptionsAnswer;
  section(name: keyof ClientConfigSections, asker: ClientConfigRequest): ClientConfigAnswer;
};

export function remoteConfigService(settings: { debugConsole: boolean; clientConfig: ClientConfigSections }): RemoteConfigService {
  return {
    debugOptions: () => ({ value: { values: { debug_options: { allow_vconsole: settings.debugConsole } } } }),
    section(name, asker) {
      const { language_app: app = '', language_system: system = '', language = '' } = asker.data ?? {};
      const locale = matchLocale(app) ?? matchLocale(system) ?? matchLocale(language) ?? DEFAULT_LOCALE;
      return { value: { language: locale, values: localised(settings.clientConfig[name], locale) } };
    },
  };
}

/** A value with every `{ "<locale>": … }` in it replaced by the locale's own (en-US's, when it has none). */
function localised(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((item) => localised(item, locale));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([key]) => isLocale(key))) {
    const byLocale = value as Record<string, unknown>;
    return localised(byLocale[locale] ?? byLocale[DEFAULT_LOCALE] ?? entries[0]![1], locale);
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, localised(item, locale)]));
}
