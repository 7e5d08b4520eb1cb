// Secrets that travel inside addresses, and what is shown of those addresses instead. A request's
// address can carry a password-reset or confirmation token, a share's passcode or passcode token,
// an unsubscribe token, a signed download link's signature, an authorization code; the operator's
// settings can carry a password or key in an address's user part or query. Request logs and the
// console's settings page show such addresses with those values replaced by REDACTED: the
// parameter names that carry secrets are listed here, once, for both.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What stands for a secret value that is not shown. */
export const REDACTED = '••••';

/** Parameters whose whole name says the value is a secret (compared in lower case, "-" as "_"). */
const SECRET_PARAMETERS = new Set([
  // A signed download or thumbnail link: signature, the person it was given to, its expiry.
  's',
  'u',
  'e',
  // The unsubscribe link of an e-mail.
  'd',
  // Authorization codes and the state that goes with them; invite codes.
  'code',
  'state',
  'code_verifier',
  // A share's passcode as typed, in its link, or as the token a right one gave.
  'pass_code',
  'pass_code_token',
  's_code',
  'pwd',
  // A checkout's session, which the payment provider's return address names.
  'session_id',
  'key',
  'sig',
]);

/** Words that make any parameter holding them a secret: x-amz-signature, api_key, sslpassword, … */
const SECRET_WORDS = /token|secret|passw|passcode|signature|credential|api_?key|access_?key|private_?key|authoriz/;

/** Whether a query parameter of this name carries a secret. */
export function isSecretParameter(name: string): boolean {
  const normal = name.toLowerCase().replaceAll('-', '_');
  return SECRET_PARAMETERS.has(normal) || SECRET_WORDS.test(normal);
}

/**
 * `target` (a path with its query, or a whole address) with the values of secret parameters
 * replaced by REDACTED. A parameter that holds a path of its own (the sign-in page's
 * ?redirect=/s/…?s_code=…) has that path's secrets replaced too. Everything else is left as sent.
 */
export function redactedTarget(target: string): string {
  const queryAt = target.indexOf('?');
  if (queryAt === -1) return target;
  const hashAt = target.indexOf('#', queryAt);
  const query = target.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  return `${target.slice(0, queryAt)}?${query.split('&').map(redactedPair).join('&')}${hash}`;
}

function redactedPair(pair: string): string {
  const equals = pair.indexOf('=');
  if (equals === -1) return pair;
  const rawName = pair.slice(0, equals);
  if (isSecretParameter(decoded(rawName) ?? rawName)) return `${rawName}=${REDACTED}`;
  const value = decoded(pair.slice(equals + 1));
  if (value?.startsWith('/') && value.includes('?')) {
    const inner = encodeURIComponent(redactedTarget(value)).replaceAll(encodeURIComponent(REDACTED), REDACTED);
    return `${rawName}=${inner}`;
  }
  return pair;
}

function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * An address of the operator's settings (a database, Redis, SMTP or S3 address) with its secrets
 * masked: the password, or the user part when it stands alone (redis://token@host, where it is the
 * secret), and secret query parameters (?password=, ?access_key=). Undefined parts stay undefined;
 * an address that does not parse is not shown at all.
 */
export function maskedAddress(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return REDACTED;
  }
  // A stand-in that the URL setter keeps as it is, swapped for REDACTED in the text.
  const STAND_IN = 'nubo-masked';
  if (url.password) url.password = STAND_IN;
  else if (url.username) url.username = STAND_IN;
  const href = url.href.replace(`${STAND_IN}@`, () => `${REDACTED}@`);
  return redactedTarget(href);
}

type LoggerOptions = FastifyServerOptions['logger'];

/**
 * Fastify's logger options with each request logged by its address as redactedTarget shows it,
 * so a request log never holds the secrets an address carried. No logger stays no logger.
 */
export function withRedactedRequests(logger: LoggerOptions): LoggerOptions {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (request: FastifyRequest) => {
        const version = request.headers['accept-version'];
        return {
          method: request.method,
          url: redactedTarget(request.url),
          version: Array.isArray(version) ? version.join(', ') : version,
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
