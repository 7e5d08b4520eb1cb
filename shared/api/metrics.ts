// GET /metrics: the server's figures in Prometheus's text format, for the operator's scraper.
// Served only when METRICS_TOKEN is set, and only to a request that brings it as a bearer token.
export const METRICS_PATH = '/metrics';
