// Every migration, in order. Names sort by their number; a migration never changes once landed.
import type { Migration } from 'kysely/migration';

export const MIGRATIONS: Record<string, Migration> = {};
