// Area access (SPEC §2.7, §4 "IP access"): whether a visitor may see shared content from where
// they are. Asked by the share page before it renders, without credentials.
import { type Static, Type } from 'typebox';

export const AREA_ACCESSIBLE_PATH = '/drive/v1/privilege/area_accessible';

export const AreaAccessSchema = Type.Object({ accessible: Type.Boolean() });
export type AreaAccess = Static<typeof AreaAccessSchema>;
