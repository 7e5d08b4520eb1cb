// The links of one send, each web address with the visitor's Cookie and Referer when they chose
// to send them: the cookies the browser holds for that link's own site, and the page it was found on.
import type { LinkToSave } from './protocol.ts';

const isWebAddress = (address: string) => /^https?:\/\//i.test(address);

export async function linksWithVisitorHeaders(
  urls: readonly string[],
  { send, pageUrl, cookiesFor }: { send: boolean; pageUrl: string; cookiesFor: (url: string) => Promise<string | undefined> },
): Promise<LinkToSave[]> {
  const referer = isWebAddress(pageUrl) ? pageUrl : undefined;
  const links: LinkToSave[] = [];
  for (const url of urls) {
    // A magnet link has no site to send anything to.
    if (!send || !isWebAddress(url)) {
      links.push({ url });
      continue;
    }
    const cookie = await cookiesFor(url);
    const headers = { ...(cookie ? { cookie } : {}), ...(referer ? { referer } : {}) };
    links.push(Object.keys(headers).length > 0 ? { url, headers } : { url });
  }
  return links;
}
