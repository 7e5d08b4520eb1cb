// Uploading in server tests: an account, a pending file and its bytes over real tus.
import { createHash } from 'node:crypto';
import * as tus from 'tus-js-client';
import { goodPassword, TestBrowser, uniqueEmail } from './browser.ts';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function signUp(url: string) {
  const browser = new TestBrowser(url);
  const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
  return { browser, userId: answer.body.sub as string };
}

export function tusUpload(browser: TestBrowser, bytes: Buffer, options: Partial<tus.UploadOptions>) {
  return new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      headers: browser.sessionHeaders(),
      chunkSize: 256 * 1024,
      retryDelays: [],
      ...options,
      onSuccess: () => resolve(upload.url ?? ''),
      onError: reject,
    });
    upload.start();
  });
}

/** A pending file of `bytes`' size, with its tus address in `resumable`. */
export function createUpload(browser: TestBrowser, name: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  return browser.post('/drive/v1/files', {
    kind: 'drive#file',
    name,
    parent_id: '',
    size: String(bytes.length),
    upload_type: 'UPLOAD_TYPE_RESUMABLE',
    ...extra,
  });
}
