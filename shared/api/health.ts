// GET /healthz: whether a server and its database can take requests (for load balancers).
import { Type } from 'typebox';

export const HEALTH_PATH = '/healthz';

export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  version: Type.String(),
  uptime_seconds: Type.Number(),
});
