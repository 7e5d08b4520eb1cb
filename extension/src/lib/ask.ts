// How the extension's pages ask the background (src/lib/protocol.ts): a failure comes back as its
// translated message, thrown as an AskError the page shows as it is.
import { browser } from '@wxt-dev/browser';
import type { Answer, Request } from './protocol.ts';

export class AskError extends Error {
  readonly signedOut: boolean;
  constructor(message: string, signedOut = false) {
    super(message);
    this.name = 'AskError';
    this.signedOut = signedOut;
  }
}

export async function ask<T>(request: Request): Promise<T> {
  const answer = (await browser.runtime.sendMessage(request)) as Answer<T> | undefined;
  if (!answer) throw new AskError('The extension’s background did not answer.');
  if (!answer.ok) throw new AskError(answer.message, answer.signedOut);
  return answer.value;
}
