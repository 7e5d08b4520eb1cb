// What an operator watches, in Prometheus's terms (prom-client): requests by route (rate and
// latency), uploads and downloads (count and bytes), tasks by phase, the database's connection
// pool, and the process itself (event-loop lag, memory, garbage collection: prom-client's own).
// Counted in this process only: each server copy is scraped on its own, as Prometheus expects.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { NuboDatabase } from '../db/database.ts';
import { tasksRepository } from '../db/repositories/tasks.ts';

export function metricsService({ database }: { database: NuboDatabase }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nubo_process_' });
  const registers = [registry];

  const requests = new Histogram({
    name: 'nubo_http_request_duration_seconds',
    help: 'Time to answer a request, by route (its pattern, never the address asked for), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers,
  });
  const uploads = new Counter({ name: 'nubo_uploads_completed_total', help: 'Uploads completed into a drive.', registers });
  const uploadBytes = new Counter({ name: 'nubo_upload_bytes_total', help: 'Bytes of the uploads completed.', registers });
  const faults = new Counter({
    name: 'nubo_server_errors_total',
    help: 'Answers of 500 or more, by route and status: each is in the log with its cause.',
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const downloads = new Counter({ name: 'nubo_downloads_total', help: 'Downloads of files started through their links.', registers });
  const downloadBytes = new Counter({
    name: 'nubo_download_bytes_total',
    help: 'Bytes sent (or handed to the object store to send) for downloads.',
    registers,
  });
  new Gauge({
    name: 'nubo_tasks',
    help: 'Tasks (offline downloads, big copies, emptying the trash) by phase, of every server copy.',
    labelNames: ['phase'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { phase, count } of await tasksRepository(database.db).countByPhase())
        this.set({ phase: phase.replace(/^PHASE_TYPE_/, '').toLowerCase() }, count);
    },
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'nubo_db_pool_connections',
      help: "PostgreSQL connections of this process's pool: total, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  return {
    requestAnswered(route: string, method: string, status: number, seconds: number) {
      requests.observe({ route, method, status: String(status) }, seconds);
    },
    serverFault(route: string, status: number) {
      faults.inc({ route, status: String(status) });
    },
    uploadCompleted(bytes: number) {
      uploads.inc();
      uploadBytes.inc(bytes);
    },
    downloadStarted() {
      downloads.inc();
    },
    downloadSent(bytes: number) {
      downloadBytes.inc(bytes);
    },
    contentType: registry.contentType,
    render: () => registry.metrics(),
  };
}

export type MetricsService = ReturnType<typeof metricsService>;
