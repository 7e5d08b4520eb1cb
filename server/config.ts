// Nubo's configuration: environment variables only, validated once at start so a typo stops the
// server with a clear message instead of surfacing later as a strange failure.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { frameMessageTarget } from '#shared/embedded.ts';
import { defaultPlans, loadPlans, type Plans, PlansFileError } from './plans.ts';
import { ROOT } from './root.ts';

export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; schema?: string };

export type BlobStoreConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      /** Keys start with this (e.g. `nubo/`), so one bucket can hold other things too. */
      prefix: string;
      /** An S3-compatible service's address; AWS itself when absent. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** Local folder for what is derived from blobs (thumbnails) and uploads' held-back bytes. */
      cacheDir: string;
    };

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
  /** The campaign calendar the activity-end guard reads (content/campaigns.json unless CAMPAIGNS_FILE says). */
  campaignsFile: string;
  logLevel: string;
  /** People who may moderate (take content down), by e-mail address. */
  adminEmails: string[];
  /** Days an account an operator deleted is kept (and can be restored) before its files and address go. */
  accountDeletionGraceDays: number;
  /** Days the Recent list reaches back; older events are deleted by the hourly housekeeping. */
  recentEventsDays: number;
  /** A file of words (one a line) that a share's title or names must not contain; none when unset. */
  sensitiveWordsFile: string | undefined;
  /** Host pages allowed to frame the drive app (embedded mode, SPEC §2.7), as origins; none when unset. */
  embedOrigins: string[];
  /** Networks (addresses or CIDR ranges) whose visitors see no shared content (SPEC §2.7, §4). */
  blockedNetworks: string[];
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For, -Proto and -Host are believed: a
   * visitor's address (for limits, blocking and logs) is then the client's, not the proxy's. None
   * when unset: every connection's own address is the visitor's.
   */
  trustedProxies: string[];
  /**
   * The path of the proxy's internal location that serves blob bytes (ACCEL_REDIRECT), e.g.
   * `/_nubo/blobs/`: downloads are then answered with X-Accel-Redirect there, and the proxy sends
   * the bytes. Unset, Nubo sends them itself.
   */
  accelRedirect: string | undefined;
  /** Accounts one address may create in an hour (more where many people share one address). */
  signUpsPerAddress: number;
  /** Sending e-mail (SMTP_URL, MAIL_FROM); none when unset: then no flow that needs a mail is offered. */
  mail: MailConfig | undefined;
  /**
   * Where ffmpeg and ffprobe are (FFMPEG_PATH, FFPROBE_PATH); without them files play only as they
   * are. How many encodes one process runs at once (TRANSCODE_CONCURRENCY), and the room streams
   * made for browsers take on disk (TRANSCODE_CACHE_SIZE, bytes).
   */
  media: { ffmpegPath: string; ffprobePath: string; transcodeConcurrency: number; transcodeCacheBytes: number };
  /** The bearer token a scraper brings to GET /metrics; no metrics are served when unset. */
  metricsToken: string | undefined;
  offline: OfflineConfig;
  /** The tiers, plans and rewards on offer (PLANS_FILE); the free tier alone when unset. */
  plans: Plans;
  /** Card payments through Stripe; none (plans come through activation codes only) when unset. */
  stripe: StripeConfig | undefined;
  /** How many tasks (offline downloads, copies, emptying the trash) one server process runs at once. */
  taskConcurrency: number;
  /** Seconds a server process's claim on a task lasts without a heartbeat: a stopped process's tasks go on elsewhere after it. */
  taskLeaseSeconds: number;
  /** Whether the public site's hidden debug console may open (DEBUG_CONSOLE, SPEC §4); off unless the operator says on. */
  debugConsole: boolean;
  /** The config API's sections (CLIENT_CONFIG_FILE, SPEC §7.4), as the operator wrote them. */
  clientConfig: ClientConfigSections;
};

/** The sections of the config API; a value may be given per locale (`{ "en-US": …, "es": … }`). */
export type ClientConfigSections = Record<(typeof CLIENT_CONFIG_SECTIONS)[number], unknown>;
export const CLIENT_CONFIG_SECTIONS = ['basic', 'resources', 'activity_operation', 'external_products'] as const;

export type MailConfig = {
  /** smtp://user:password@host:port (STARTTLS when offered) or smtps://… (TLS from the start). */
  smtpUrl: string;
  /** The sender, e.g. `Nubo <no-reply@example.org>`. */
  from: string;
};

export type StripeConfig = {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Another address for Stripe's API (a stand-in); Stripe's own when absent. */
  apiUrl: string | undefined;
};

export type OfflineConfig = {
  /** Networks that are not public but that offline downloads may reach anyway (tests, a LAN mirror). */
  allowNetworks: string[];
  /** Per user: offline downloads not yet finished (waiting, running or paused) at once. */
  activeTasks: number;
  /** Per user: offline downloads started in one UTC day. */
  dailyTasks: number;
  /** The largest download, in bytes. */
  maxSize: number;
  /** Seconds without a byte after which a download's connection is dropped and tried again. */
  stallSeconds: number;
  /** Seconds a torrent may go without metadata or a byte before it counts as having no peers. */
  noPeersSeconds: number;
  /** The port BitTorrent peers reach this server on, TCP and uTP (0: any free one); the DHT takes a free one of its own. */
  torrentPort: number;
  /** Whether torrents find peers through the DHT too, not only through their trackers. */
  dht: boolean;
  /** The DHT nodes to join the DHT through, as host:port; the DHT's well-known routers when not given. */
  dhtNodes?: string[] | undefined;
  /** Whether a finished torrent keeps seeding until its task is deleted or the server stops. */
  seed: boolean;
};

/** Accounts one address may create in an hour, unless SIGN_UPS_PER_ADDRESS says otherwise. */
export const SIGN_UPS_PER_ADDRESS = 20;

/** Days the Recent list reaches back, unless RECENT_EVENTS_DAYS says otherwise. */
export const RECENT_EVENTS_DAYS = 90;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort('PORT', env.PORT ?? '8080');
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, port);
  const offline = parseOffline(env);
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
    campaignsFile: path.resolve(env.CAMPAIGNS_FILE ?? path.join(ROOT, 'content', 'campaigns.json')),
    logLevel: env.LOG_LEVEL ?? 'info',
    sensitiveWordsFile: env.SENSITIVE_WORDS_FILE ? path.resolve(env.SENSITIVE_WORDS_FILE) : undefined,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    embedOrigins: parseEmbedOrigins(env.EMBED_ORIGINS),
    blockedNetworks: parseNetworks('BLOCKED_NETWORKS', env.BLOCKED_NETWORKS),
    trustedProxies: parseNetworks('TRUSTED_PROXIES', env.TRUSTED_PROXIES),
    accelRedirect: parseAccelRedirect(env.ACCEL_REDIRECT),
    mail: parseMail(env, Boolean(env.PUBLIC_URL)),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    media: {
      ffmpegPath: parseProgramPath('FFMPEG_PATH', env.FFMPEG_PATH, '/usr/bin/ffmpeg'),
      ffprobePath: parseProgramPath('FFPROBE_PATH', env.FFPROBE_PATH, '/usr/bin/ffprobe'),
      // An encode takes a core and a half at 720p: one per two cores leaves the rest to everything else.
      transcodeConcurrency: parseWhole('TRANSCODE_CONCURRENCY', env.TRANSCODE_CONCURRENCY, Math.max(1, Math.floor(os.availableParallelism() / 2)), 1),
      transcodeCacheBytes: parseWhole('TRANSCODE_CACHE_SIZE', env.TRANSCODE_CACHE_SIZE, 20 * 1024 ** 3, 1),
    },
    signUpsPerAddress: parseWhole('SIGN_UPS_PER_ADDRESS', env.SIGN_UPS_PER_ADDRESS, SIGN_UPS_PER_ADDRESS, 1),
    offline,
    plans: parsePlansFile(env.PLANS_FILE, offline),
    stripe: parseStripe(env),
    taskConcurrency: parseWhole('TASK_CONCURRENCY', env.TASK_CONCURRENCY, 4, 1),
    taskLeaseSeconds: parseWhole('TASK_LEASE_SECONDS', env.TASK_LEASE_SECONDS, 30, 1),
    accountDeletionGraceDays: parseWhole('ACCOUNT_DELETION_GRACE_DAYS', env.ACCOUNT_DELETION_GRACE_DAYS, 30, 0),
    recentEventsDays: parseRecentEventsDays(env.RECENT_EVENTS_DAYS),
    debugConsole: parseOnOff('DEBUG_CONSOLE', env.DEBUG_CONSOLE, false),
    clientConfig: parseClientConfig(path.resolve(env.CLIENT_CONFIG_FILE ?? path.join(ROOT, 'content', 'client-config.json'))),
  };
}

function parseClientConfig(file: string): ClientConfigSections {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (failure) {
    throw new ConfigError(`CLIENT_CONFIG_FILE: cannot read ${file}: ${(failure as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ConfigError(`CLIENT_CONFIG_FILE: ${file} must hold an object of sections`);
  const unknown = Object.keys(json).filter((key) => !(CLIENT_CONFIG_SECTIONS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new ConfigError(`CLIENT_CONFIG_FILE: unknown sections ${unknown.join(', ')} (known: ${CLIENT_CONFIG_SECTIONS.join(', ')})`);
  const sections = json as Partial<ClientConfigSections>;
  return {
    basic: sections.basic ?? {},
    resources: sections.resources ?? {},
    activity_operation: sections.activity_operation ?? [],
    external_products: sections.external_products ?? [],
  };
}

function parseOffline(env: NodeJS.ProcessEnv): OfflineConfig {
  return {
    allowNetworks: parseNetworks('OFFLINE_ALLOW_NETWORKS', env.OFFLINE_ALLOW_NETWORKS),
    activeTasks: parseWhole('OFFLINE_ACTIVE_TASKS', env.OFFLINE_ACTIVE_TASKS, 5, 1),
    dailyTasks: parseWhole('OFFLINE_DAILY_TASKS', env.OFFLINE_DAILY_TASKS, 100, 1),
    maxSize: parseWhole('OFFLINE_MAX_SIZE', env.OFFLINE_MAX_SIZE, 100 * 1024 ** 3, 1),
    stallSeconds: parseWhole('OFFLINE_STALL_SECONDS', env.OFFLINE_STALL_SECONDS, 60, 1),
    noPeersSeconds: parseWhole('OFFLINE_NO_PEERS_SECONDS', env.OFFLINE_NO_PEERS_SECONDS, 600, 1),
    torrentPort: parsePort('OFFLINE_TORRENT_PORT', env.OFFLINE_TORRENT_PORT ?? '6881'),
    dht: parseOnOff('OFFLINE_DHT', env.OFFLINE_DHT, true),
    dhtNodes: parseDhtNodes(env.OFFLINE_DHT_NODES),
    seed: parseOnOff('OFFLINE_SEED', env.OFFLINE_SEED, false),
  };
}

function parseStripe(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  if (!secretKey && !webhookSecret) return undefined;
  if (!/^(sk|rk)_\w+$/.test(secretKey))
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…), set together with STRIPE_WEBHOOK_SECRET');
  if (!/^whsec_\w+$/.test(webhookSecret))
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…), set together with STRIPE_SECRET_KEY");
  let apiUrl: string | undefined;
  if (env.STRIPE_API_URL) {
    const url = assertUrl('STRIPE_API_URL', env.STRIPE_API_URL);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('STRIPE_API_URL must be an http(s) address');
    apiUrl = url.origin;
  }
  return { secretKey, webhookSecret, apiUrl };
}

function parsePlansFile(raw: string | undefined, offline: OfflineConfig): Plans {
  if (!raw) return defaultPlans(offline);
  try {
    return loadPlans(path.resolve(raw), offline);
  } catch (failure) {
    if (failure instanceof PlansFileError) throw new ConfigError(`PLANS_FILE: ${failure.message}`);
    throw failure;
  }
}

function parseEmbedOrigins(raw: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const origin = frameMessageTarget(entry);
    if (!origin) throw new ConfigError(`EMBED_ORIGINS must list origins like https://app.example.com, separated by commas; "${entry}" is not one`);
    origins.push(origin);
  }
  return origins;
}

/** Up to ten years: the Recent list is a look back at what happened lately, not an archive. */
function parseRecentEventsDays(raw: string | undefined): number {
  const days = parseWhole('RECENT_EVENTS_DAYS', raw, RECENT_EVENTS_DAYS, 1);
  if (days > 3650) throw new ConfigError(`RECENT_EVENTS_DAYS must be at most 3650 (ten years), not "${raw}"`);
  return days;
}

function parseWhole(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

function parseNetworks(name: string, raw: string | undefined): string[] {
  const networks = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const network of networks) {
    const [address = '', prefix, extra] = network.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const fits =
      family !== 0 &&
      extra === undefined &&
      (bits === undefined || (prefix !== '' && Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128)));
    if (!fits) throw new ConfigError(`${name} must list IP addresses or CIDR ranges like 203.0.113.0/24, separated by commas; "${network}" is not one`);
  }
  return networks;
}

function parseMail(env: NodeJS.ProcessEnv, publicUrlSet: boolean): MailConfig | undefined {
  const smtpUrl = env.SMTP_URL ?? '';
  const from = (env.MAIL_FROM ?? '').trim();
  if (!smtpUrl && !from) return undefined;
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// address, set together with MAIL_FROM');
  assertUrl('SMTP_URL', smtpUrl);
  // A bare address, or a name and the address in angle brackets.
  if (!/^(?:[^<>@\s][^<>]*\s<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(from))
    throw new ConfigError(
      'MAIL_FROM must be the sender as an address (no-reply@example.org) or a name and address (Nubo <no-reply@example.org>), set together with SMTP_URL',
    );
  // A mailed link must lead to this server's public address, never to whatever Host a request named.
  if (!publicUrlSet) throw new ConfigError('SMTP_URL needs PUBLIC_URL: the links in e-mails lead to the address PUBLIC_URL gives');
  return { smtpUrl, from };
}

/**
 * A location's path, from / to /, of plain segments: what follows it (a blob's name, or a store's
 * signed path and query) is written by Nubo, so nothing in it may change where that leads.
 */
/** A program's absolute path: run without a shell, so never looked up in PATH or read relative to the folder Nubo starts in. */
function parseProgramPath(name: string, raw: string | undefined, fallback: string): string {
  if (!raw) return fallback;
  if (!path.isAbsolute(raw)) throw new ConfigError(`${name} must be an absolute path to the program, e.g. ${fallback}`);
  return raw;
}

function parseAccelRedirect(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const segments = raw.split('/').slice(1, -1);
  if (!raw.startsWith('/') || !raw.endsWith('/') || segments.length === 0 || segments.some((segment) => !/^[\w.~-]+$/.test(segment) || /^\.+$/.test(segment)))
    throw new ConfigError(`ACCEL_REDIRECT must be the path of the proxy's internal location for blobs, like /_nubo/blobs/ (from / to /), not "${raw}"`);
  return raw;
}

function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  // It is all that stands between the figures and anyone: a password's length at least.
  if (!/^[\x21-\x7e]{16,}$/.test(raw))
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. openssl rand -hex 24)');
  return raw;
}

function parseOnOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${name} must be on or off, not "${raw}"`);
}

/** name:port or IPv4:port (the DHT speaks IPv4 only); none given (unset or empty) leaves the DHT's own routers. */
function parseDhtNodes(raw: string | undefined): string[] | undefined {
  const nodes = (raw ?? '')
    .split(',')
    .map((node) => node.trim())
    .filter(Boolean);
  for (const node of nodes) {
    const port = /^[^\s:/[\]]+:(\d{1,5})$/.exec(node)?.[1];
    if (!port || Number(port) < 1 || Number(port) > 65535)
      throw new ConfigError(`OFFLINE_DHT_NODES must be DHT nodes as host:port, separated by commas, not "${node}"`);
  }
  return nodes.length ? nodes : undefined;
}

function parsePort(name: string, raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, not "${raw}"`);
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
  if (raw.startsWith('s3://')) return parseS3BlobStore(raw, dataDir);
  if (raw.startsWith('file://')) return { driver: 'local', dir: path.resolve(raw.slice('file://'.length)) };
  throw new ConfigError('BLOB_STORE must be file:///a/folder or s3://bucket[/prefix]');
}

/** `s3://bucket/prefix?endpoint=https://host&region=eu-west-1&path_style=true`; keys from the AWS_* variables. */
function parseS3BlobStore(raw: string, dataDir: string): BlobStoreConfig {
  const url = assertUrl('BLOB_STORE', raw);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`BLOB_STORE names an invalid bucket: "${bucket}"`);
  const prefix = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    const parsed = assertUrl('BLOB_STORE endpoint', endpoint);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError('BLOB_STORE endpoint must be an http(s) address');
  }
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError('BLOB_STORE path_style must be true or false');
  return {
    driver: 's3',
    bucket,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    // Most self-hosted S3 services (MinIO, Garage, Ceph) want path-style addresses.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    cacheDir: path.join(dataDir, 'cache'),
  };
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
