import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { isSecretParameter, maskedAddress, REDACTED, redactedTarget } from './redaction.ts';

describe('which query parameters carry secrets', () => {
  it.each([
    's',
    'u',
    'e',
    'd',
    'code',
    'state',
    'token',
    'pass_code',
    'pass_code_token',
    's_code',
    'password',
    'sslpassword',
    'secret',
    'client_secret',
    'key',
    'api_key',
    'access_key',
    'X-Amz-Signature',
    'X-Amz-Credential',
    'access_token',
  ])('%s does', (name) => {
    expect(isSecretParameter(name)).toBe(true);
  });

  it.each(['share_id', 'limit', 'order', 'parent_id', 'q', 'locale', 'inline', 'size', 'sslmode', 'redirect'])('%s does not', (name) => {
    expect(isSecretParameter(name)).toBe(false);
  });
});

describe('redactedTarget', () => {
  it('replaces the values of secret parameters and keeps the path and the rest as sent', () => {
    expect(redactedTarget('/drive/v1/download/f1?u=user1&e=1700000000&s=abc%2Bdef&inline=true')).toBe(
      `/drive/v1/download/f1?u=${REDACTED}&e=${REDACTED}&s=${REDACTED}&inline=true`,
    );
    expect(redactedTarget('/drive/v1/share?share_id=abc&pass_code=1234&limit=50')).toBe(`/drive/v1/share?share_id=abc&pass_code=${REDACTED}&limit=50`);
    expect(redactedTarget('/drive/all')).toBe('/drive/all');
    expect(redactedTarget('/x?flag&%74oken=t1')).toBe(`/x?flag&%74oken=${REDACTED}`);
  });

  it("replaces the secrets of a path carried in a parameter (the sign-in page's redirect)", () => {
    expect(redactedTarget(`/auth?redirect=${encodeURIComponent('/s/abc?s_code=x1&from=mail')}`)).toBe(
      `/auth?redirect=${encodeURIComponent('/s/abc?s_code=')}${REDACTED}${encodeURIComponent('&from=mail')}`,
    );
  });
});

describe('maskedAddress', () => {
  it('masks the password, a user part standing alone, and secret query parameters', () => {
    expect(maskedAddress('postgres://nubo:pw1@db:5432/nubo?sslmode=require')).toBe(`postgres://nubo:${REDACTED}@db:5432/nubo?sslmode=require`);
    expect(maskedAddress('redis://token1@cache:6379')).toBe(`redis://${REDACTED}@cache:6379`);
    expect(maskedAddress('https://apikey1@api.example.org/v1?access_key=k1&region=eu')).toBe(
      `https://${REDACTED}@api.example.org/v1?access_key=${REDACTED}&region=eu`,
    );
    expect(maskedAddress('not an address')).toBe(REDACTED);
  });
});

describe('request logs', () => {
  it('name each request by its path, never by the secrets its address carried', async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-logs-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const database = openDatabase({ engine: 'sqlite', file: ':memory:' });
    await database.migrate();
    const app = await buildApp({ config, database, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const secrets = {
        '/auth/reset?token=reset-secret-1': 'reset-secret-1',
        '/auth/verify?token=verify-secret-2': 'verify-secret-2',
        '/drive/v1/share?share_id=abc&pass_code=passcode-secret-3': 'passcode-secret-3',
        '/drive/v1/share/detail?share_id=abc&parent_id=p1&pass_code_token=passcode-token-secret-4': 'passcode-token-secret-4',
        '/s/abc?s_code=link-passcode-secret-5': 'link-passcode-secret-5',
        '/mail/v1/unsubscribe?d=unsubscribe-secret-6': 'unsubscribe-secret-6',
        '/drive/v1/download/f1?u=download-user-7&e=1999999999&s=download-signature-8': 'download-signature-8',
        '/drive/v1/thumbnails/f1?e=1999999999&s=thumbnail-signature-9': 'thumbnail-signature-9',
        '/v1/auth/authorize?code=authorization-code-10&state=authorization-state-11': 'authorization-code-10',
        [`/auth?redirect=${encodeURIComponent('/s/abc?s_code=nested-passcode-12')}`]: 'nested-passcode-12',
      };
      for (const address of Object.keys(secrets)) await (await fetch(`http://127.0.0.1:${port}${address}`)).arrayBuffer();
      const log = lines.join('');
      for (const [address, secret] of Object.entries(secrets)) {
        expect(log, address).not.toContain(secret);
        expect(log, address).toContain(`"url":"${address.split('?')[0]}?`);
      }
      for (const other of ['download-user-7', 'authorization-state-11']) expect(log).not.toContain(other);
      expect(log).toContain(`"url":"/drive/v1/share?share_id=abc&pass_code=${REDACTED}"`);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
