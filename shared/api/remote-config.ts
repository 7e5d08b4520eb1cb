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
