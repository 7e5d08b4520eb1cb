// Health for load balancers and orchestrators: GET /healthz answers while the process runs
// (liveness: restart it when this stops answering); GET /readyz answers 200 only while the
// database and the blob store can be reached (readiness: send it requests), else 503 naming
// what is down.
import { Type } from 'typebox';
import { oneOf } from './resources.ts';

export const HEALTH_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  database: oneOf(['sqlite', 'postgres']),
  version: Type.String(),
  uptime_seconds: Type.Number(),
});

/** What readiness depends on, each `ok` or `down`. */
export const ReadinessSchema = Type.Object({
  status: Type.Literal('ready'),
  database: Type.Literal('ok'),
  blob_store: Type.Literal('ok'),
});
