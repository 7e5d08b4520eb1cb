import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, SQLite in DATA_DIR/nubo.db and blobs in DATA_DIR/blobs', () => {
    const config = loadConfig({ DATA_DIR: '/srv/nubo' });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ engine: 'sqlite', file: '/srv/nubo/nubo.db' });
    expect(config.blobStore).toEqual({ driver: 'local', dir: '/srv/nubo/blobs' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.redisUrl).toBeUndefined();
  });

  it('defaults DATA_DIR to ./data of the checkout', () => {
    expect(loadConfig({}).dataDir).toBe(path.resolve(import.meta.dirname, '..', 'data'));
  });

  it('selects PostgreSQL for a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/test' }).database).toEqual({
      engine: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/test',
    });
  });

  it('reads REDIS_URL, BLOB_STORE=file:// and PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', BLOB_STORE: 'file:///srv/blobs', PUBLIC_URL: 'https://drive.example.org/' });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.blobStore).toEqual({ driver: 'local', dir: '/srv/blobs' });
    expect(config.publicUrl).toBe('https://drive.example.org');
  });

  it('remembers whether PUBLIC_URL was given', () => {
    expect(loadConfig({}).publicUrlSet).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://drive.example.org' }).publicUrlSet).toBe(true);
  });

  it('reads the host pages allowed to frame the drive from EMBED_ORIGINS, and stops on anything but origins', () => {
    expect(loadConfig({ EMBED_ORIGINS: ' https://host.example.com, http://127.0.0.1:9000/ ' }).embedOrigins).toEqual([
      'https://host.example.com',
      'http://127.0.0.1:9000',
    ]);
    expect(loadConfig({}).embedOrigins).toEqual([]);
    expect(() => loadConfig({ EMBED_ORIGINS: 'https://host.example.com/path' })).toThrow(/EMBED_ORIGINS/);
    expect(() => loadConfig({ EMBED_ORIGINS: '*' })).toThrow(/EMBED_ORIGINS/);
  });

  it('reads BLOCKED_NETWORKS as addresses and CIDR ranges, and stops on anything else', () => {
    expect(loadConfig({ BLOCKED_NETWORKS: ' 203.0.113.0/24, 198.51.100.7 ,2001:db8::/32' }).blockedNetworks).toEqual([
      '203.0.113.0/24',
      '198.51.100.7',
      '2001:db8::/32',
    ]);
    expect(loadConfig({}).blockedNetworks).toEqual([]);
    for (const wrong of ['203.0.113.0/33', 'example.com', '10.0.0.0/', '10.0.0.0/8/1'])
      expect(() => loadConfig({ BLOCKED_NETWORKS: wrong })).toThrow(/BLOCKED_NETWORKS/);
  });

  it('believes no proxy unless TRUSTED_PROXIES lists addresses or CIDR ranges, and stops on anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1' }).trustedProxies).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const wrong of ['*', 'true', 'proxy.example.org', '10.0.0.0/40']) expect(() => loadConfig({ TRUSTED_PROXIES: wrong })).toThrow(/TRUSTED_PROXIES/);
  });

  it('finds ffmpeg and ffprobe in /usr/bin unless FFMPEG_PATH and FFPROBE_PATH say where, and stops on a path that is not absolute', () => {
    expect(loadConfig({}).media).toMatchObject({ ffmpegPath: '/usr/bin/ffmpeg', ffprobePath: '/usr/bin/ffprobe' });
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' }).media).toMatchObject({
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      ffprobePath: '/opt/ffmpeg/bin/ffprobe',
    });
    expect(() => loadConfig({ FFMPEG_PATH: 'ffmpeg' })).toThrow(/FFMPEG_PATH must be an absolute path/);
    expect(() => loadConfig({ FFPROBE_PATH: './bin/ffprobe' })).toThrow(/FFPROBE_PATH must be an absolute path/);
  });

  it('runs one encode per two cores and keeps 20 GiB of streams unless TRANSCODE_CONCURRENCY and TRANSCODE_CACHE_SIZE say otherwise', () => {
    expect(loadConfig({}).media).toMatchObject({
      transcodeConcurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
      transcodeCacheBytes: 20 * 1024 ** 3,
    });
    expect(loadConfig({ TRANSCODE_CONCURRENCY: '3', TRANSCODE_CACHE_SIZE: '1000000' }).media).toMatchObject({
      transcodeConcurrency: 3,
      transcodeCacheBytes: 1_000_000,
    });
    for (const wrong of ['0', '-1', 'two', '1.5']) expect(() => loadConfig({ TRANSCODE_CONCURRENCY: wrong }), wrong).toThrow(/TRANSCODE_CONCURRENCY/);
    expect(() => loadConfig({ TRANSCODE_CACHE_SIZE: '20GB' })).toThrow(/TRANSCODE_CACHE_SIZE/);
  });

  it('sends blob bytes itself unless ACCEL_REDIRECT names the proxy location that does, and stops on anything but a path from / to /', () => {
    expect(loadConfig({}).accelRedirect).toBeUndefined();
    expect(loadConfig({ ACCEL_REDIRECT: '' }).accelRedirect).toBeUndefined();
    expect(loadConfig({ ACCEL_REDIRECT: '/_nubo/blobs/' }).accelRedirect).toBe('/_nubo/blobs/');
    expect(loadConfig({ ACCEL_REDIRECT: '/internal-store/' }).accelRedirect).toBe('/internal-store/');
    for (const wrong of ['/', '_nubo/blobs/', '/_nubo/blobs', 'on', '/_nubo//blobs/', '/_nubo/../blobs/', '/./', '/a b/', '/a?b/', '/a%2F/', 'http://x/'])
      expect(() => loadConfig({ ACCEL_REDIRECT: wrong }), wrong).toThrow(/ACCEL_REDIRECT/);
  });

  it('sends no mail unless SMTP_URL and MAIL_FROM are both given, and stops on a wrong one', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    const site = { PUBLIC_URL: 'https://drive.example.org' };
    expect(loadConfig({ ...site, SMTP_URL: 'smtp://mailer:secret@mail.example.org:587', MAIL_FROM: 'Nubo <no-reply@example.org>' }).mail).toEqual({
      smtpUrl: 'smtp://mailer:secret@mail.example.org:587',
      from: 'Nubo <no-reply@example.org>',
    });
    expect(loadConfig({ ...site, SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'no-reply@example.org' }).mail?.from).toBe('no-reply@example.org');
    expect(() => loadConfig({ SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'no-reply@example.org' })).toThrow(/SMTP_URL needs PUBLIC_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org' })).toThrow(/MAIL_FROM must be/);
    expect(() => loadConfig({ MAIL_FROM: 'no-reply@example.org' })).toThrow(/SMTP_URL must be/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'no-reply@example.org' })).toThrow(/SMTP_URL must be/);
    expect(() => loadConfig({ ...site, SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'Nubo' })).toThrow(/MAIL_FROM must be/);
  });

  it('serves no metrics unless METRICS_TOKEN gives a token of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a3f9c2e8b1d74f60a3f9' }).metricsToken).toBe('a3f9c2e8b1d74f60a3f9');
    for (const wrong of ['short', 'sixteen chars ok', 'x'.repeat(15)]) expect(() => loadConfig({ METRICS_TOKEN: wrong })).toThrow(/METRICS_TOKEN/);
  });

  it('keeps the debug console off unless DEBUG_CONSOLE=on, and stops on anything but on or off', () => {
    expect(loadConfig({}).debugConsole).toBe(false);
    expect(loadConfig({ DEBUG_CONSOLE: 'off' }).debugConsole).toBe(false);
    expect(loadConfig({ DEBUG_CONSOLE: 'on' }).debugConsole).toBe(true);
    for (const wrong of ['yes', 'true', 'ON', '1']) expect(() => loadConfig({ DEBUG_CONSOLE: wrong })).toThrow(/DEBUG_CONSOLE must be on or off/);
  });

  it('lets an address create 20 accounts an hour unless SIGN_UPS_PER_ADDRESS says otherwise, and stops on anything but a count', () => {
    expect(loadConfig({}).signUpsPerAddress).toBe(20);
    expect(loadConfig({ SIGN_UPS_PER_ADDRESS: '500' }).signUpsPerAddress).toBe(500);
    for (const wrong of ['0', '-3', 'many', '2.5']) expect(() => loadConfig({ SIGN_UPS_PER_ADDRESS: wrong })).toThrow(/SIGN_UPS_PER_ADDRESS/);
  });

  it('lets the Recent list reach back 90 days unless RECENT_EVENTS_DAYS says otherwise, and stops on anything but 1 to 3650 days', () => {
    expect(loadConfig({}).recentEventsDays).toBe(90);
    expect(loadConfig({ RECENT_EVENTS_DAYS: '30' }).recentEventsDays).toBe(30);
    expect(loadConfig({ RECENT_EVENTS_DAYS: '3650' }).recentEventsDays).toBe(3650);
    for (const wrong of ['0', '-3', 'ninety', '2.5', '3651']) expect(() => loadConfig({ RECENT_EVENTS_DAYS: wrong })).toThrow(/RECENT_EVENTS_DAYS/);
  });

  it('joins the DHT through its well-known routers unless OFFLINE_DHT_NODES names nodes, and stops on anything but host:port', () => {
    expect(loadConfig({}).offline).toMatchObject({ dht: true, torrentPort: 6881, dhtNodes: undefined });
    expect(loadConfig({ OFFLINE_DHT_NODES: ' 203.0.113.5:6881, dht.example.org:6882 ' }).offline.dhtNodes).toEqual([
      '203.0.113.5:6881',
      'dht.example.org:6882',
    ]);
    for (const wrong of ['dht.example.org', '203.0.113.5:0', '203.0.113.5:70000', '[2001:db8::1]:6881', 'udp://dht.example.org:6881'])
      expect(() => loadConfig({ OFFLINE_DHT_NODES: wrong }), wrong).toThrow(ConfigError);
  });

  it('reads moderators from ADMIN_EMAILS, trimmed and lower-cased', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ann@Example.org, bo@example.org ,' }).adminEmails).toEqual(['ann@example.org', 'bo@example.org']);
    expect(loadConfig({}).adminEmails).toEqual([]);
  });

  it('marks cookies Secure for https and loopback addresses, not for plain http elsewhere', () => {
    expect(loadConfig({}).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://drive.example.org' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://nas.local:8080' }).secureCookies).toBe(false);
  });

  it('reads BLOB_STORE=s3:// with a prefix, an S3-compatible endpoint (path-style by default) and a region', () => {
    const config = loadConfig({ DATA_DIR: '/srv/nubo', BLOB_STORE: 's3://nubo-files/drive?endpoint=http://127.0.0.1:9000&region=eu-west-1' });
    expect(config.blobStore).toEqual({
      driver: 's3',
      bucket: 'nubo-files',
      prefix: 'drive/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      cacheDir: '/srv/nubo/cache',
    });
  });

  it('addresses AWS S3 itself virtual-hosted style when no endpoint is given', () => {
    const config = loadConfig({ BLOB_STORE: 's3://nubo-files' });
    expect(config.blobStore).toMatchObject({ driver: 's3', bucket: 'nubo-files', prefix: '', endpoint: undefined, forcePathStyle: false });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ BLOB_STORE: '/tmp/blobs' }, /BLOB_STORE/],
    [{ BLOB_STORE: 's3://B_ad' }, /BLOB_STORE names an invalid bucket/],
    [{ BLOB_STORE: 's3://bucket?endpoint=ftp://x' }, /BLOB_STORE endpoint/],
    [{ BLOB_STORE: 's3://bucket?path_style=maybe' }, /BLOB_STORE path_style/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
  ])('refuses %o with a ConfigError naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
