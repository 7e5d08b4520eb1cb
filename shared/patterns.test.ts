import { describe, expect, it } from 'vitest';
import {
  CRAWLER_USER_AGENT_PATTERN,
  EMAIL_PATTERN,
  EMBEDDED_APP_UA_TOKEN,
  IPV4_PATTERN,
  isCrawler,
  isEmail,
  isEmbeddedAppUserAgent,
  isIpv4Host,
  MOBILE_BREAKPOINT_PX,
  MOBILE_MEDIA_QUERY,
  readUserAgent,
  USER_AGENT_READ_LIMIT,
} from './patterns.ts';

const CHROME_DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('IPV4_PATTERN and isIpv4Host', () => {
  it('recognises dotted-quad addresses with octets from 0 to 255', () => {
    for (const host of ['0.0.0.0', '127.0.0.1', '192.168.1.10', '255.255.255.255', '10.0.99.250']) {
      expect(isIpv4Host(host), host).toBe(true);
    }
  });

  it('rejects octets above 255, leading zeros, missing or extra octets', () => {
    for (const host of ['256.1.1.1', '1.1.1.300', '01.2.3.4', '1.2.3', '1.2.3.4.5', '1..2.3', '']) {
      expect(isIpv4Host(host), host).toBe(false);
    }
  });

  it('is anchored, so an address inside a domain name is not an IP host', () => {
    expect(IPV4_PATTERN.test('1.2.3.4.nip.io')).toBe(false);
    expect(IPV4_PATTERN.test('x1.2.3.4')).toBe(false);
    expect(isIpv4Host('drive.example.com')).toBe(false);
  });

  it('accepts an IP host with a port, as location.host gives it', () => {
    expect(isIpv4Host('192.168.1.10:8080')).toBe(true);
    expect(isIpv4Host('example.com:8080')).toBe(false);
  });
});

describe('isCrawler', () => {
  it('recognises the named search engines and link-preview fetchers', () => {
    const crawlers = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
      'Mozilla/5.0 (compatible; Exabot/3.0; +http://www.exabot.com/go/robot)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
    ];
    for (const ua of crawlers) expect(isCrawler(ua), ua).toBe(true);
  });

  it('recognises unnamed crawlers by the words bot, crawler and spider', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)')).toBe(true);
    expect(isCrawler('SomeCompany-Crawler/2.0')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)')).toBe(true);
    expect(isCrawler('my-bot')).toBe(true);
  });

  it('does not take ordinary browsers for crawlers', () => {
    expect(isCrawler(CHROME_DESKTOP)).toBe(false);
    expect(isCrawler(SAFARI_IPHONE)).toBe(false);
  });

  it('does not take HeadlessChrome for a crawler', () => {
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36')).toBe(false);
  });

  it('does not take a Cubot phone or the Sogou mobile browser for crawlers', () => {
    expect(isCrawler('Mozilla/5.0 (Linux; Android 10; Cubot P40 Build/QP1A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36')).toBe(
      false,
    );
    expect(isCrawler('Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0 Mobile Safari/537.36 SogouMobileBrowser/5.38.8')).toBe(
      false,
    );
  });

  it('does not count words that merely contain "bot"', () => {
    expect(isCrawler('Mozilla/5.0 BottleBrowser/1.0')).toBe(false);
  });

  it('reads only the first 500 characters, so a bot name after them does not count', () => {
    const padding = 'x'.repeat(USER_AGENT_READ_LIMIT);
    expect(isCrawler(`${padding}Googlebot/2.1`)).toBe(false);
    expect(isCrawler(`${'x'.repeat(USER_AGENT_READ_LIMIT - 'Googlebot'.length)}Googlebot/2.1`)).toBe(true);
  });

  it('answers false for a missing user agent', () => {
    expect(isCrawler(undefined)).toBe(false);
    expect(isCrawler('')).toBe(false);
  });

  it('can be reused without carrying state between calls', () => {
    expect(CRAWLER_USER_AGENT_PATTERN.global).toBe(false);
    expect(isCrawler('Googlebot')).toBe(true);
    expect(isCrawler('Googlebot')).toBe(true);
  });
});

describe('readUserAgent', () => {
  it('cuts the user agent at 500 characters and turns a missing one into an empty string', () => {
    expect(readUserAgent('y'.repeat(800))).toHaveLength(500);
    expect(readUserAgent(undefined)).toBe('');
  });
});

describe('isEmbeddedAppUserAgent', () => {
  it('recognises the native app by its token in the user agent', () => {
    expect(EMBEDDED_APP_UA_TOKEN).toBe('NuboApp');
    expect(isEmbeddedAppUserAgent(`${SAFARI_IPHONE} NuboApp/2.3.1`)).toBe(true);
    expect(isEmbeddedAppUserAgent('Mozilla/5.0 (Linux; Android 14; wv) NuboApp/2.3.1 Chrome/130')).toBe(true);
  });

  it('does not answer true for ordinary browsers or a longer name that contains the token', () => {
    expect(isEmbeddedAppUserAgent(CHROME_DESKTOP)).toBe(false);
    expect(isEmbeddedAppUserAgent('NuboAppliance/1.0')).toBe(false);
    expect(isEmbeddedAppUserAgent(undefined)).toBe(false);
  });
});

describe('EMAIL_PATTERN and isEmail', () => {
  it('accepts a local part, an @ and a domain with a dot', () => {
    for (const email of ['ana@example.com', 'first.last+tag@mail.example.co.uk', 'x_1@sub-domain.io', "o'neil@example.org"]) {
      expect(isEmail(email), email).toBe(true);
    }
  });

  it('rejects addresses without a dot in the domain, without an @, or with two', () => {
    for (const email of ['ana@localhost', 'ana.example.com', 'ana@@example.com', 'ana@b@example.com', '@example.com', 'ana@']) {
      expect(isEmail(email), email).toBe(false);
    }
  });

  it('rejects spaces anywhere', () => {
    for (const email of ['ana @example.com', 'ana@exa mple.com', ' ana@example.com', 'ana@example.com ']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
    }
  });

  it('rejects empty domain labels and labels with a hyphen at either end', () => {
    for (const email of ['ana@example..com', 'ana@.example.com', 'ana@example.com.', 'ana@-example.com', 'ana@example-.com']) {
      expect(isEmail(email), email).toBe(false);
    }
  });

  it('rejects addresses longer than 254 characters', () => {
    const label = 'a'.repeat(60);
    const long = `user@${[label, label, label, label, label].join('.')}.com`;
    expect(EMAIL_PATTERN.test(long)).toBe(true);
    expect(long.length).toBeGreaterThan(254);
    expect(isEmail(long)).toBe(false);
  });
});

describe('mobile width', () => {
  it('describes the 768 px breakpoint as a max-width media query', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 768px)');
  });
});
