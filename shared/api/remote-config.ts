// The remote config clients read (SPEC §7.4, §7.5): its request and answer, shared by the
// server's route and the public site's debug console (shared/debug-console.ts has the path).
import { type Static, Type } from 'typebox';

/** What the page sends with its question: who asks, so an operator could allow it per person. */
export const DebugOptionsBody = Type.Object(
  { uuid: Type.Optional(Type.String({ maxLength: 128 })), userid: Type.Optional(Type.String({ maxLength: 128 })) },
  { additionalProperties: false },
);
export type DebugOptionsRequest = Static<typeof DebugOptionsBody>;

/** The remote config's answer; the page reads value.values.debug_options.allow_vconsole. */
export const DebugOptionsAnswer = Type.Object({
  value: Type.Object({ values: Type.Object({ debug_options: Type.Object({ allow_vconsole: Type.Boolean() }) }) }),
});
export type DebugOptionsAnswer = Static<typeof DebugOptionsAnswer>;

/** The other sections of the config API (SPEC §7.4), each the operator's (CLIENT_CONFIG_FILE). */
export const CLIENT_CONFIG_PATHS = {
  basic: '/config/v1/basic',
  resources: '/config/v1/resources',
  activityOperation: '/config/v1/activity_operation',
  externalProducts: '/config/v1/external_products',
} as const;

/**
 * What a client says about itself: SPEC §7.4's `client` and `data.language_system` /
 * `data.language_app` (basic, activity_operation) or `data.language` (resources). The section
 * comes in the language the app shows, else the system's, else en-US.
 */
export const ClientConfigBody = Type.Object({
  client: Type.Optional(Type.String({ maxLength: 64 })),
  data: Type.Optional(
    Type.Object({
      language: Type.Optional(Type.String({ maxLength: 35 })),
      language_app: Type.Optional(Type.String({ maxLength: 35 })),
      language_system: Type.Optional(Type.String({ maxLength: 35 })),
    }),
  ),
});
export type ClientConfigRequest = Static<typeof ClientConfigBody>;

/** **Ours:** a section's values in the asker's language, with that language, in the debug options' envelope. */
export const ClientConfigAnswer = Type.Object({ value: Type.Object({ language: Type.String(), values: Type.Unknown() }) });
export type ClientConfigAnswer = Static<typeof ClientConfigAnswer>;
