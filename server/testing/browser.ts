// A cookie-keeping HTTP client for server tests: behaves like a browser tab on Nubo's own pages
// (sends Origin, stores Set-Cookie), or like another client with a bearer token.
import { parseCookieHeader } from '#shared/cookies.ts';

export class TestBrowser {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();
  origin: string;

  constructor(baseUrl: string, origin: string = baseUrl) {
    this.baseUrl = baseUrl;
    this.origin = origin;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(method !== 'GET' ? { Origin: this.origin } : {}),
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [...parseCookieHeader(pair)][0] ?? [];
      if (!name) continue;
      if (/Max-Age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value ?? '');
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  /** The Cookie and Origin this tab sends, for requests made with fetch itself (tus bodies). */
  sessionHeaders(): Record<string, string> {
    return { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), Origin: this.origin };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) => this.request('POST', path, body, headers);
}

/** A password that passes the rule, different every call. */
export function goodPassword(): string {
  return `maple-${Math.random().toString(36).slice(2, 8)}-river`;
}

export function uniqueEmail(label = 'person'): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
}
