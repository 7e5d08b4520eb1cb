// API.md filters: the `filters` query parameter, a JSON object `{"field":{"op":value}}`. Each
// listing reads the fields it understands from these conditions and refuses the rest alike.
import { ServiceError } from './errors.ts';

export function filterNotUnderstood(field: string): ServiceError {
  return new ServiceError('invalid_request', `The filter on "${field}" is not understood.`, [{ field: 'filters', reason: field }]);
}

/** The filter's fields and their conditions; none for no filter. */
export function conditionsOf(raw: string | undefined): [string, Record<string, unknown>][] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw filterNotUnderstood('json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw filterNotUnderstood('json');
  return Object.entries(parsed as Record<string, unknown>).map(([field, condition]) => {
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) throw filterNotUnderstood(field);
    return [field, condition as Record<string, unknown>];
  });
}
