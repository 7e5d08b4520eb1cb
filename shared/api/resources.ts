// The API's resources (API.md) as JSON schemas. The server validates and serialises with them
// and publishes them in /api/openapi.json; clients import only the static types.
import { Type } from 'typebox';

/** Counts and sizes travel as strings (int64-safe); "-1" means unlimited or never. */
export const Int64String = Type.String({ pattern: '^-?[0-9]+$' });
/** RFC 3339 with milliseconds and offset. */
export const Time = Type.String({ format: 'date-time' });

/**
 * The functions that build schemas. Building one has no side effect, so bundlers told so (their
 * tree-shaking's pure functions) drop the schemas an app does not use: the apps take paths and
 * types from shared/api, the server validates with the schemas.
 */
export const SCHEMA_BUILDERS = ['Type', 'oneOf'];

/** One of a list of strings: `{ enum: [...] }` in JSON Schema, the union of them in TypeScript. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return Type.Enum([...values] as T[number][]);
}

export const ApiErrorSchema = Type.Object(
  {
    error: Type.String(),
    error_code: Type.Integer(),
    error_description: Type.String(),
    details: Type.Optional(Type.Array(Type.Unknown())),
  },
  { $id: 'ApiError' },
);

/** The answer of a call that has nothing to tell but that it worked. */
export const EmptySchema = Type.Object({});

/** No body at all: the status says it all (204 No Content, 304 Not Modified). */
export const NoBodySchema = Type.Null();
