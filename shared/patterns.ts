// Patterns that recognise hosts, user agents, e-mail addresses and screen widths (SPEC §1, §5, §9).

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** A dotted-quad IPv4 address, each octet 0–255 without leading zeros. */
export const IPV4_PATTERN = new RegExp(`^(?:${OCTET}\\.){3}${OCTET}$`);

/** True for an IPv4 host, with or without a port ('192.168.1.10:8080', as in location.host). */
export function isIpv4Host(host: string): boolean {
  return IPV4_PATTERN.test(host.replace(/:\d+$/, ''));
}

/** Search engines and link-preview fetchers known by name. */
const CRAWLER_NAMES = [
  'Googlebot',
  'Bingbot',
  'Baiduspider',
  'YandexBot',
  'DuckDuckBot',
  'Slurp',
  // Sogou's crawlers all say "Sogou … spider"; its mobile browser says "SogouMobileBrowser".
  'Sogou[\\w ]*spider',
  'Exabot',
  'facebookexternalhit',
  'Twitterbot',
  'LinkedInBot',
  'Applebot',
  'AhrefsBot',
  'SemrushBot',
  'PetalBot',
  'ia_archiver',
];
/** Any other crawler that calls itself one; "Cubot" is a phone maker, not a bot. */
const GENERIC_CRAWLER_WORDS = ['(?<!cu)bot\\b', 'crawl', 'spider'];

/** Search-engine and crawler user agents; headless browsers are not crawlers. */
export const CRAWLER_USER_AGENT_PATTERN = new RegExp([...CRAWLER_NAMES, ...GENERIC_CRAWLER_WORDS].join('|'), 'i');

/** The user-agent string is read only up to this many characters (SPEC §5). */
export const USER_AGENT_READ_LIMIT = 500;

export function readUserAgent(userAgent: string | undefined): string {
  return (userAgent ?? '').slice(0, USER_AGENT_READ_LIMIT);
}

export function isCrawler(userAgent: string | undefined): boolean {
  return CRAWLER_USER_AGENT_PATTERN.test(readUserAgent(userAgent));
}

/** The native app adds this token to its webview's user agent (SPEC §1, embedded mode). */
export const EMBEDDED_APP_UA_TOKEN = 'NuboApp';
const EMBEDDED_APP_UA_PATTERN = new RegExp(`\\b${EMBEDDED_APP_UA_TOKEN}\\b`, 'i');

export function isEmbeddedAppUserAgent(userAgent: string | undefined): boolean {
  return EMBEDDED_APP_UA_PATTERN.test(readUserAgent(userAgent));
}

/**
 * The browser's own `<input type="email">` rule (WHATWG), plus a dot in the domain, so the form,
 * the browser and the API accept the same addresses.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** The longest address SMTP can carry (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;

export function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}

export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)` as const;
