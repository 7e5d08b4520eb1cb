// Every operation of the OpenAPI document, sent hostile values where each of its parameters and
// body fields go (empty, huge, of the wrong type, NUL, a lone surrogate, deep nesting, JSON cut
// short), as a signed-in user and as an operator: a person's mistake or mischief is answered with
// a named error, never a server fault. The server runs as shipped, but for a test's own port,
// data folder and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPassword, TestBrowser, uniqueEmail } from './testing/browser.ts';
import { ENGINES, grantOperatorRole, startTestServer, type TestServer } from './testing/harness.ts';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; oneOf?: Schema[]; anyOf?: Schema[] };
type Operation = { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Attempt = { method: string; path: string; body?: string };

/** Values that stand where a string, number or id goes in a path or a query (a lone surrogate as the bytes it would be). */
const HOSTILE_TEXT = ['', 'x'.repeat(20_000), '\u0000', 'a\u0000b', '%ED%A0%80', '-1', '1e309', '9'.repeat(40), '../../etc/passwd', '<script>'];

/** Values, as JSON text, that stand for one body field. */
const HOSTILE_JSON = [
  '""',
  JSON.stringify('x'.repeat(200_000)),
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '-1',
  '1e308',
  '123456789012345678901234567890',
  '0.5',
  'true',
  'null',
  '[]',
  '{}',
  `${'['.repeat(2_000)}${']'.repeat(2_000)}`,
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
  JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `id-${i}`)),
];

/** Whole bodies that are no valid JSON or not an object. */
const HOSTILE_BODIES = ['', '{', '{"a":', '[', 'null', '"text"', '[]', '\u0000', `${'['.repeat(100_000)}`, `{"a":"${'x'.repeat(3_000_000)}"}`];

function schemaProperties(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const options = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...options.flatMap(schemaProperties)])];
}

/** Every hostile request for one operation: each parameter and body field in turn, then whole bodies. */
function attemptsFor(method: string, template: string, operation: Operation): Attempt[] {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const plainPath = (value: string) =>
    pathParams
      .reduce((path, name) => path.replace(`{${name}}`, name === 'confirm' ? ':confirm' : value), template)
      .replace('{', '')
      .replace('}', '');
  const safePath = plainPath('zzzzzzzzzzzz');
  const attempts: Attempt[] = [];
  for (const value of HOSTILE_TEXT) {
    const encoded = value.startsWith('%') ? value : encodeURIComponent(value);
    if (pathParams.some((name) => name !== 'confirm')) attempts.push({ method, path: plainPath(encoded) });
    for (const name of queryParams) attempts.push({ method, path: `${safePath}?${name}=${encoded}` });
    if (queryParams.length > 0) attempts.push({ method, path: `${safePath}?${queryParams.map((name) => `${name}=${encoded}&${name}=${encoded}`).join('&')}` });
  }
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (operation.requestBody) {
    for (const field of schemaProperties(schema)) for (const value of HOSTILE_JSON) attempts.push({ method, path: safePath, body: `{"${field}":${value}}` });
    for (const body of HOSTILE_BODIES) attempts.push({ method, path: safePath, body });
  }
  if (attempts.length === 0) attempts.push({ method, path: safePath });
  return attempts;
}

describe.each(ENGINES)('hostile values for every operation on %s', (engine) => {
  let server: TestServer;
  const operatorEmail = uniqueEmail('operator');
  const people: Record<'user' | 'operator', { browser: TestBrowser; email: string; password: string }> = {} as never;
  let operations: Array<[method: string, path: string, operation: Operation]>;

  async function signIn(role: 'user' | 'operator') {
    const person = people[role];
    person.browser = new TestBrowser(server.url);
    const answer = await person.browser.post('/v1/auth/signin', { username: person.email, password: person.password, client_id: 'nubo-web' });
    if (answer.status !== 200) throw new Error(`${role} could not sign in again: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const role of ['user', 'operator'] as const) {
      const email = role === 'operator' ? operatorEmail : uniqueEmail('user');
      const password = goodPassword();
      const browser = new TestBrowser(server.url);
      await browser.post('/v1/auth/signup', { email, password, name: role });
      people[role] = { browser, email, password };
    }
    await grantOperatorRole(server, operatorEmail);
    const document = (await new TestBrowser(server.url).get('/api/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [method.toUpperCase(), path, operation] as [string, string, Operation]),
    );
  });
  afterAll(async () => server?.dispose());

  for (const role of ['user', 'operator'] as const) {
    it(`answers none of them with a server fault, as ${role === 'user' ? 'a signed-in user' : 'an operator'}`, async () => {
      expect(operations.length).toBeGreaterThan(80);
      const faults: string[] = [];
      let sent = 0;
      for (const [method, template, operation] of operations) {
        // The operator's turn is for the operator's API; the rest was the user's.
        if (role === 'operator' && !/^\/(admin|audit-admin)\//.test(template)) continue;
        for (const attempt of attemptsFor(method, template, operation)) {
          const browser = people[role].browser;
          const answer = await fetch(server.url + attempt.path, {
            method: attempt.method,
            headers: {
              ...browser.sessionHeaders(),
              ...(attempt.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            },
            ...(attempt.body !== undefined && attempt.method !== 'GET' ? { body: attempt.body } : {}),
          }).catch((failure: Error) => ({ status: 0, text: async () => failure.message }));
          sent++;
          if (answer.status >= 500 || answer.status === 0)
            faults.push(
              `${attempt.method} ${attempt.path.slice(0, 120)} ${attempt.body?.slice(0, 60) ?? ''} → ${answer.status} ${(await answer.text()).slice(0, 200)}`,
            );
          else if ('body' in answer) await answer.body?.cancel();
        }
        // Some operations end the session they are sent with (sign-out, ending every session).
        if ((await people[role].browser.get('/v1/user/me')).status === 401) await signIn(role);
      }
      expect(sent).toBeGreaterThan(role === 'user' ? 1_000 : 100);
      expect(faults).toEqual([]);
    }, 600_000);
  }
});
