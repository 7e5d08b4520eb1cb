// The compose deployment (deploy/compose.yaml) is not run here: the test machines have no Docker.
// What can be known without running it is checked instead: every image pinned to a version, both
// Nubo processes given the same settings and all that running scaled out needs, each of those
// settings accepted by Nubo's own loadConfig, and every address pointing at what compose runs
// there: the database, Redis and the S3 store by their service names, ports, users and keys; the
// proxy's upstreams at the Nubo services; downloads handed to the proxy's internal location that
// fetches from the store where Nubo signs for; and TRUSTED_PROXIES at the proxy's fixed address.
// The nginx template itself runs in the scale-out test (cluster.test.ts) and the download test
// (blob-delivery.test.ts).
import { readFileSync } from 'node:fs';
import { BlockList, isIPv4 } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config.ts';

const DEPLOY = path.resolve(import.meta.dirname, '..', 'deploy');

type Service = {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  command?: string[];
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[] };
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
};
type Compose = { services: Record<string, Service>; networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }> };

/** Images whose releases are numbered major.minor (PostgreSQL 17.11 is a release, not a series). */
const TWO_PART_RELEASES = ['postgres'];

/**
 * An image named down to one release (`name:1.2.3`, `name:v2.4.1`, `postgres:17.11`, maybe with a
 * variant), or by digest: not a tag that moves to the next release (`nginx:1.27`, `redis:7`, none).
 */
function pinned(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const [, name = '', version] = /^([\w./-]+):v?(\d+(?:\.\d+)*)(?:-[\w.]+)?$/.exec(image) ?? [];
  if (version === undefined) return false;
  return version.split('.').length === (TWO_PART_RELEASES.includes(name) ? 2 : 3);
}

/**
 * Compose's interpolation: `$$`, `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME-default}` and the
 * `?` forms; a variable neither set nor defaulted is an error here (compose would put nothing).
 */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    /\$(?:(\$)|\{(\w+)(?:(:?[-?])([^}]*))?\}|(\w+))/g,
    (_written, dollar?: string, braced?: string, operator?: string, fallback?: string, bare?: string) => {
      if (dollar) return '$';
      const name = (braced ?? bare)!;
      const set = variables[name];
      if (operator === ':-' && set) return set;
      if (operator === ':-' || (operator === '-' && set === undefined)) return fallback ?? '';
      if (set === undefined || (operator === ':?' && !set)) throw new Error(`compose.yaml needs \${${name}}, which has no default`);
      return set;
    },
  );
}

function resolved<T>(node: T, variables: Record<string, string>): T {
  if (typeof node === 'string') return interpolate(node, variables) as T;
  if (Array.isArray(node)) return node.map((item) => resolved(item, variables)) as T;
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, resolved(item, variables)])) as T;
  return node;
}

/** deploy/compose.yaml as compose reads it with these variables set (in deploy/.env or the environment). */
function composeWith(variables: Record<string, string>): Compose {
  return resolved(parse(readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true }) as Compose, variables);
}

/** A service's environment as its process sees it, from either of compose's forms. */
function environmentOf(service: Service): Record<string, string> {
  const written = service.environment ?? {};
  if (Array.isArray(written)) return Object.fromEntries(written.map((entry) => [entry.split('=')[0]!, entry.slice(entry.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(written).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

function dependenciesOf(service: Service): string[] {
  const written = service.depends_on ?? [];
  return Array.isArray(written) ? written : Object.keys(written);
}

/** The few flat `key = value` settings of a TOML file, by section (`''` for the top). */
function tomlSettings(file: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = { '': {} };
  let section = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = /^\s*\[([\w.]+)\]\s*$/.exec(line);
    if (header) {
      section = header[1]!;
      sections[section] ??= {};
    }
    const setting = /^\s*(\w+)\s*=\s*(?:"([^"]*)"|([^#\s]+))/.exec(line);
    if (setting) sections[section]![setting[1]!] = setting[2] ?? setting[3]!;
  }
  return sections;
}

/**
 * The `location` blocks of an nginx template, by path, with their directives as written (a
 * template's ${NAME}s included).
 */
function nginxLocations(text: string): Record<string, string[]> {
  const blocks = [...text.matchAll(/location\s+(\S+)\s*\{((?:[^{}]|\$\{\w+\})*)\}/g)].map(([, at, body]) => [
    at!,
    body!
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  ]);
  return Object.fromEntries(blocks);
}

/** A template's placeholder for `name`, as written in it. */
const placeholder = (name: string) => `\${${name}}`;

/** The file a service mounts at `target`, as a path from deploy/. */
function mountedAt(service: Service, target: string): string | undefined {
  const volume = (service.volumes ?? []).find((entry) => entry.split(':')[1] === target);
  return volume?.split(':')[0];
}

const OPERATOR = {
  NUBO_POSTGRES_PASSWORD: 'a1b2c3d4e5f6',
  NUBO_S3_ACCESS_KEY: 'GK0123456789abcdef01234567',
  NUBO_S3_SECRET_KEY: 'ab'.repeat(32),
  NUBO_GARAGE_RPC_SECRET: 'cd'.repeat(32),
  NUBO_PUBLIC_URL: 'https://drive.example.org',
};

describe('the pinning rule', () => {
  it('takes versions and digests, not bare names, major versions or latest', () => {
    for (const image of ['nginx:1.30.5', 'postgres:17.11', 'redis:7.4.11-alpine', 'dxflrs/garage:v2.4.1', `nginx@sha256:${'0'.repeat(64)}`])
      expect(pinned(image), image).toBe(true);
    for (const image of [
      'minio/minio',
      'minio/mc',
      'nginx:1.27',
      'nginx:1',
      'postgres:17',
      'redis:7',
      'redis:7.4',
      'nginx:latest',
      'dxflrs/garage:v2.4',
      'nginx:stable',
    ])
      expect(pinned(image), image).toBe(false);
  });
});

describe.each([
  { as: 'as shipped', variables: {}, publicUrl: 'http://localhost:8080' },
  { as: 'with the operator’s own passwords, keys and address', variables: OPERATOR, publicUrl: OPERATOR.NUBO_PUBLIC_URL },
])('deploy/compose.yaml $as', ({ variables, publicUrl }) => {
  const compose = composeWith(variables);
  const services = compose.services;
  const nubos = Object.keys(services).filter((name) => services[name]!.build?.dockerfile === 'deploy/Dockerfile');
  const environment = environmentOf(services[nubos[0]!]!);

  it('pins every image it pulls to a version', () => {
    const pulled = Object.entries(services).filter(([, service]) => !service.build);
    expect(pulled.filter(([, service]) => !service.image).map(([name]) => name)).toEqual([]);
    expect(pulled.map(([, service]) => service.image!).filter((image) => !pinned(image))).toEqual([]);
  });

  it('runs two Nubo processes with the same settings, all that running scaled out needs', () => {
    expect(nubos.length).toBe(2);
    for (const name of nubos) expect(environmentOf(services[name]!), name).toEqual(environment);
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'BLOB_STORE',
      'ACCEL_REDIRECT',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'PUBLIC_URL',
      'TRUSTED_PROXIES',
      'HOST',
      'PORT',
    ])
      expect(environment[name], name).toMatch(/\S/);
  });

  it('gives settings Nubo’s own loadConfig accepts: PostgreSQL, Redis, S3 at an endpoint, a public address', () => {
    const config = loadConfig(environment);
    expect(config.database.engine).toBe('postgres');
    expect(config.redisUrl).toBeDefined();
    if (config.blobStore.driver !== 's3') throw new Error(`BLOB_STORE is ${config.blobStore.driver}, not s3`);
    expect(config.blobStore.endpoint).toMatch(/^https?:\/\/[\w.-]+:\d+/);
    expect(config.publicUrlSet).toBe(true);
    expect(config.publicUrl).toBe(publicUrl);
    expect(config.trustedProxies.length).toBeGreaterThan(0);
  });

  it('starts the Nubo processes after what they use, and checks their readiness on their own port', () => {
    const store = new URL(new URL(environment.BLOB_STORE!).searchParams.get('endpoint')!).hostname;
    for (const name of nubos) {
      expect(dependenciesOf(services[name]!)).toEqual(expect.arrayContaining(['postgres', 'redis', store]));
      expect(services[name]!.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:${environment.PORT}/readyz`);
    }
    expect(dependenciesOf(services.nginx!)).toEqual(expect.arrayContaining(nubos));
  });

  it('points DATABASE_URL at the postgres service, with its user, password and database', () => {
    const url = new URL(environment.DATABASE_URL!);
    const postgres = services[url.hostname];
    expect(postgres?.image).toMatch(/^postgres:/);
    const own = environmentOf(postgres!);
    expect(url.port || '5432').toBe('5432');
    expect(decodeURIComponent(url.username)).toBe(own.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(own.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${own.POSTGRES_DB}`);
  });

  it('points REDIS_URL at the redis service', () => {
    const url = new URL(environment.REDIS_URL!);
    expect(services[url.hostname]?.image).toMatch(/^redis:/);
    expect(url.port || '6379').toBe('6379');
  });

  it('points BLOB_STORE at the S3 service: its name and port, its region, its bucket and its key', () => {
    const config = loadConfig(environment).blobStore;
    if (config.driver !== 's3') throw new Error('BLOB_STORE is not S3');
    const endpoint = new URL(config.endpoint!);
    const garage = services[endpoint.hostname];
    expect(garage?.image).toMatch(/^dxflrs\/garage:/);
    // Garage sets the layout, the bucket and the key up itself on its first start.
    expect(garage!.command).toEqual(['/garage', 'server', '--single-node', '--default-bucket']);
    const toml = tomlSettings(path.join(DEPLOY, mountedAt(garage!, '/etc/garage.toml')!));
    expect(toml.s3_api!.api_bind_addr!.split(':').at(-1)).toBe(endpoint.port);
    expect(config.region).toBe(toml.s3_api!.s3_region);
    expect(config.forcePathStyle).toBe(true);
    expect(toml['']!.replication_factor).toBe('1');
    const own = environmentOf(garage!);
    expect(config.bucket).toBe(own.GARAGE_DEFAULT_BUCKET);
    expect(environment.AWS_ACCESS_KEY_ID).toBe(own.GARAGE_DEFAULT_ACCESS_KEY);
    expect(environment.AWS_SECRET_ACCESS_KEY).toBe(own.GARAGE_DEFAULT_SECRET_KEY);
    // The forms Garage takes: a key id of GK and 12 bytes in hex, secrets of 32 bytes in hex.
    expect(own.GARAGE_DEFAULT_ACCESS_KEY).toMatch(/^GK[0-9a-f]{24}$/);
    expect(own.GARAGE_DEFAULT_SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(own.GARAGE_RPC_SECRET).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends the proxy’s requests to the Nubo services, on their port, from the port it publishes', () => {
    const nginx = services.nginx!;
    const own = environmentOf(nginx);
    const template = mountedAt(nginx, '/etc/nginx/templates/default.conf.template');
    expect(template).toBe('./nginx.conf.template');
    // The nginx image fills in the template's ${NAME}s from its environment; each must be set.
    const text = readFileSync(path.join(DEPLOY, template!), 'utf8');
    for (const [, name] of text.matchAll(/\$\{(\w+)\}/g)) expect(own[name!], name).toMatch(/\S/);
    const upstreams = [...own.NUBO_UPSTREAMS!.matchAll(/server\s+([\w.-]+):(\d+)\s*;/g)].map(([, host, port]) => `${host}:${port}`);
    expect(upstreams.sort()).toEqual(nubos.map((name) => `${name}:${environment.PORT}`).sort());
    expect(text).toMatch(/upstream nubo \{\s*\$\{NUBO_UPSTREAMS\}/);
    expect(text).toMatch(/proxy_pass http:\/\/nubo;/);
    const [published, inside] = nginx.ports![0]!.split(':');
    expect(inside).toBe(own.LISTEN_PORT);
    // As shipped, Nubo's links lead to where the proxy is published.
    if (publicUrl.startsWith('http://localhost:')) expect(new URL(publicUrl).port).toBe(published);
  });

  it('hands downloads’ bytes to the proxy: ACCEL_REDIRECT names the template’s internal location that fetches from the store at the address Nubo signs for', () => {
    const config = loadConfig(environment);
    const nginx = services.nginx!;
    const own = environmentOf(nginx);
    const locations = nginxLocations(readFileSync(path.join(DEPLOY, mountedAt(nginx, '/etc/nginx/templates/default.conf.template')!), 'utf8'));
    const handedTo = locations[config.accelRedirect!];
    expect(handedTo, `a location ${config.accelRedirect}`).toBeDefined();
    // Nobody outside reaches it; Nubo's redirects alone do.
    expect(handedTo).toContain('internal;');
    if (config.blobStore.driver !== 's3') throw new Error('BLOB_STORE is not S3');
    expect(handedTo).toContain(`proxy_pass ${placeholder('BLOB_STORE_ENDPOINT')}/;`);
    expect(handedTo).toContain('proxy_set_header Host $proxy_host;');
    // What nginx asks for at the store is what Nubo signed, at the address, and the Host, it signed for.
    expect(new URL(own.BLOB_STORE_ENDPOINT!).origin).toBe(new URL(config.blobStore.endpoint!).origin);
    expect(own.BLOB_STORE_ENDPOINT).toBe(new URL(own.BLOB_STORE_ENDPOINT!).origin);
    expect(dependenciesOf(nginx)).toContain(new URL(config.blobStore.endpoint!).hostname);
    // The store is reached on compose's network only: nothing publishes it.
    expect(services[new URL(config.blobStore.endpoint!).hostname]!.ports ?? []).toEqual([]);
  });

  it('trusts the forwarded addresses of the proxy alone, at its fixed address on the network', () => {
    const networks = services.nginx!.networks;
    const proxy = Array.isArray(networks) ? undefined : networks?.default?.ipv4_address;
    expect(proxy, 'the proxy has a fixed address').toBeDefined();
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(subnet).toBeDefined();
    const [prefix, bits] = subnet!.split('/');
    const range = new BlockList();
    range.addSubnet(prefix!, Number(bits), 'ipv4');
    expect(range.check(proxy!, 'ipv4')).toBe(true);
    const trusted = new BlockList();
    for (const entry of loadConfig(environment).trustedProxies) {
      const [address, length] = entry.split('/');
      if (!isIPv4(address!)) continue;
      if (length === undefined) trusted.addAddress(address!, 'ipv4');
      else trusted.addSubnet(address!, Number(length), 'ipv4');
    }
    expect(trusted.check(proxy!, 'ipv4')).toBe(true);
    // Nobody else on the network: the store, the database and Redis send no visitors.
    expect(environment.TRUSTED_PROXIES).toBe(proxy);
  });
});

describe('deploy/compose.yaml with the operator’s own variables', () => {
  it('puts each where both of its ends read it: Nubo and the database, Nubo and the store', () => {
    const { services } = composeWith(OPERATOR);
    const nubo = environmentOf(services['nubo-1']!);
    const garage = environmentOf(services.garage!);
    expect(decodeURIComponent(new URL(nubo.DATABASE_URL!).password)).toBe(OPERATOR.NUBO_POSTGRES_PASSWORD);
    expect(environmentOf(services.postgres!).POSTGRES_PASSWORD).toBe(OPERATOR.NUBO_POSTGRES_PASSWORD);
    expect([nubo.AWS_ACCESS_KEY_ID, garage.GARAGE_DEFAULT_ACCESS_KEY]).toEqual([OPERATOR.NUBO_S3_ACCESS_KEY, OPERATOR.NUBO_S3_ACCESS_KEY]);
    expect([nubo.AWS_SECRET_ACCESS_KEY, garage.GARAGE_DEFAULT_SECRET_KEY]).toEqual([OPERATOR.NUBO_S3_SECRET_KEY, OPERATOR.NUBO_S3_SECRET_KEY]);
    expect(garage.GARAGE_RPC_SECRET).toBe(OPERATOR.NUBO_GARAGE_RPC_SECRET);
    expect(nubo.PUBLIC_URL).toBe(OPERATOR.NUBO_PUBLIC_URL);
  });
});
