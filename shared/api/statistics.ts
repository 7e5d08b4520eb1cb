// POST /v1/stats: one statistic event (SPEC §7.5) as the server accepts it; shared/statistics.ts
// names the events and sends them.
import { type Static, Type } from 'typebox';
import { STAT_DATA_MAX_KEYS, STAT_EVENTS, STAT_MODULE, STAT_VALUE_MAX_LENGTH } from '../statistics.ts';
import { oneOf } from './resources.ts';

export const StatBody = Type.Object(
  {
    module: Type.Literal(STAT_MODULE),
    event: oneOf(STAT_EVENTS),
    data: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.String({ maxLength: STAT_VALUE_MAX_LENGTH }), Type.Number(), Type.Boolean()]), {
        maxProperties: STAT_DATA_MAX_KEYS,
      }),
    ),
  },
  { additionalProperties: false },
);
export type StatBody = Static<typeof StatBody>;
