import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { presentSettings } from './admin.ts';

describe('the settings the console shows', () => {
  it('never shows a secret: passwords in addresses are masked, keys and tokens only said to be set', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://drive.example.org',
      DATABASE_URL: 'postgres://nubo:db-password-1@db.internal:5432/nubo',
      REDIS_URL: 'redis://:redis-password-2@cache.internal:6379',
      SMTP_URL: 'smtp://mailer:smtp-password-3@mail.example.org:587',
      MAIL_FROM: 'Nubo <no-reply@example.org>',
      STRIPE_SECRET_KEY: 'sk_live_stripesecret4',
      STRIPE_WEBHOOK_SECRET: 'whsec_webhooksecret5',
      METRICS_TOKEN: 'metrics-token-secret-6',
    });
    const shown = presentSettings(config, '1.2.3');
    const text = JSON.stringify(shown);
    for (const secret of ['db-password-1', 'redis-password-2', 'smtp-password-3', 'stripesecret4', 'webhooksecret5', 'metrics-token-secret-6'])
      expect(text).not.toContain(secret);
    const settings = Object.fromEntries(shown.settings.map(({ name, value }) => [name, value]));
    expect(settings).toMatchObject({
      DATABASE_URL: 'postgres://nubo:••••@db.internal:5432/nubo',
      SMTP_URL: 'smtp://mailer:••••@mail.example.org:587',
      STRIPE_SECRET_KEY: '(set)',
      METRICS_TOKEN: '(set)',
      MAIL_FROM: 'Nubo <no-reply@example.org>',
    });
  });

  it('shows the offline downloads’ and the delivery’s settings as they run', () => {
    const config = loadConfig({ OFFLINE_DHT_NODES: 'dht.example.org:6881', ACCEL_REDIRECT: '/_nubo/store/', OFFLINE_ALLOW_NETWORKS: '192.168.1.0/24' });
    const settings = Object.fromEntries(presentSettings(config, '1.2.3').settings.map(({ name, value }) => [name, value]));
    expect(settings).toMatchObject({
      OFFLINE_DHT: 'on',
      OFFLINE_DHT_NODES: 'dht.example.org:6881',
      OFFLINE_TORRENT_PORT: '6881',
      OFFLINE_ALLOW_NETWORKS: '192.168.1.0/24',
      ACCEL_REDIRECT: '/_nubo/store/',
    });
  });
});

describe('the addresses the settings page shows', () => {
  it('masks a token standing alone in the user part, and secret query parameters, keeping what is not secret', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://drive.example.org',
      DATABASE_URL: 'postgres://db.internal:5432/nubo?sslmode=require&password=db-query-secret-1&application_name=nubo',
      REDIS_URL: 'redis://redis-user-token-2@cache.internal:6379/0',
      SMTP_URL: 'smtps://apikey-smtp-secret-3@mail.example.org:465?token=smtp-token-4&secret=smtp-secret-5&key=smtp-key-6&access_key=smtp-access-7',
      MAIL_FROM: 'no-reply@example.org',
      BLOB_STORE: 's3://bucket/files/?endpoint=https://s3-user-token-8@s3.example.org/?X-Amz-Signature%3Ds3-signature-9',
    });
    const shown = presentSettings(config, '1.2.3');
    const text = JSON.stringify(shown);
    for (const secret of [
      'db-query-secret-1',
      'redis-user-token-2',
      'apikey-smtp-secret-3',
      'smtp-token-4',
      'smtp-secret-5',
      'smtp-key-6',
      'smtp-access-7',
      's3-user-token-8',
      's3-signature-9',
    ])
      expect(text).not.toContain(secret);
    const settings = Object.fromEntries(shown.settings.map(({ name, value }) => [name, value]));
    expect(settings).toMatchObject({
      DATABASE_URL: 'postgres://db.internal:5432/nubo?sslmode=require&password=••••&application_name=nubo',
      REDIS_URL: 'redis://••••@cache.internal:6379/0',
      SMTP_URL: 'smtps://••••@mail.example.org:465?token=••••&secret=••••&key=••••&access_key=••••',
      BLOB_STORE: 's3://bucket/files/ (https://••••@s3.example.org/?X-Amz-Signature=••••)',
    });
  });
});
