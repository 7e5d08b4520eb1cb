// Nubo's configuration: environment variables only, validated once at start so a typo stops the
// server with a clear message instead of surfacing later as a strange failure.
import path from 'node:path';

export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; schema?: string };

export type BlobStoreConfig = { driver: 'local'; dir: string };

export type Config = {
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  blobStore: BlobStoreConfig;
  publicUrl: string;
  /** Whether PUBLIC_URL was given; when not, links use the address each request came to. */
  publicUrlSet: boolean;
  /** Cookies carry Secure unless Nubo is reached over plain http on a non-loopback host. */
  secureCookies: boolean;
  /** Where the built site and drive app are (dist/ of the checkout). */
  distDir: string;
  /** Where editors' content (messages, articles) lives. */
  contentDir: string;
  logLevel: string;
  /** People who may moderate (take content down), by e-mail address. */
  adminEmails: string[];
  /** A file of words (one a line) that a share's title or names must not contain; none when unset. */
  sensitiveWordsFile: string | undefined;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT ?? '8080');
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, port);
  return {
    host,
    port,
    dataDir,
    database: parseDatabaseUrl(env.DATABASE_URL, dataDir),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    blobStore: parseBlobStore(env.BLOB_STORE, dataDir),
    publicUrl,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    secureCookies: cookiesCanBeSecure(publicUrl),
    distDir: path.resolve(env.NUBO_DIST_DIR ?? path.join(ROOT, 'dist')),
    contentDir: path.join(ROOT, 'content'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sensitiveWordsFile: env.SENSITIVE_WORDS_FILE ? path.resolve(env.SENSITIVE_WORDS_FILE) : undefined,
    adminEmails: (env.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean),
  };
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${raw}"`);
  }
  return port;
}

function parseDatabaseUrl(raw: string | undefined, dataDir: string): DatabaseConfig {
  if (!raw) return { engine: 'sqlite', file: path.join(dataDir, 'nubo.db') };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new ConfigError('DATABASE_URL=sqlite: needs a file path, e.g. sqlite://./data/nubo.db');
    return { engine: 'sqlite', file: path.resolve(file) };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    assertUrl('DATABASE_URL', raw);
    return { engine: 'postgres', url: raw };
  }
  throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
}

function parseRedisUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  assertUrl('REDIS_URL', raw);
  return raw;
}

function parseBlobStore(raw: string | undefined, dataDir: string): BlobStoreConfig {
  if (!raw) return { driver: 'local', dir: path.join(dataDir, 'blobs') };
  if (raw.startsWith('s3://')) {
    // Refused rather than quietly storing on the local disk while the operator expects S3.
    throw new ConfigError('BLOB_STORE=s3://… is not supported by this version yet; use file:///a/folder (shared by all server copies)');
  }
  if (raw.startsWith('file://')) return { driver: 'local', dir: path.resolve(raw.slice('file://'.length)) };
  throw new ConfigError('BLOB_STORE must be file:///a/folder or s3://bucket');
}

function parsePublicUrl(raw: string | undefined, port: number): string {
  if (!raw) return `http://localhost:${port}`;
  const url = assertUrl('PUBLIC_URL', raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('PUBLIC_URL must be an http(s) address');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * Browsers drop Secure cookies on plain http except for loopback hosts, so a self-hoster on
 * http://nas.local:8080 needs them without the flag to be able to sign in at all.
 */
function cookiesCanBeSecure(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function assertUrl(name: string, raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
}
