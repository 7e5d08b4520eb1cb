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
});
