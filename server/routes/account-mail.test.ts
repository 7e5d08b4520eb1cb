import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_PATHS } from '#shared/api/account-mail.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { type SmtpSink, startSmtpSink } from '../testing/smtp-sink.ts';

const FROM = 'Nubo <no-reply@example.org>';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The token of the link a mail carries to `page`, read from its plain-text form. */
function tokenIn(text: string | undefined, page: string): string {
  const link = new RegExp(`https?://\\S+${page}\\?token=(\\S+)`).exec(text ?? '')?.[1];
  if (!link) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(link);
}

describe.each(ENGINES)('account e-mails on %s', (engine) => {
  let smtp: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(engine, { mail: { smtpUrl: smtp.url, from: FROM } });
  });
  afterAll(async () => {
    await server?.dispose();
    await smtp?.close();
  });

  async function signUp(headers: Record<string, string> = {}) {
    const email = uniqueEmail();
    const password = goodPassword();
    const browser = new TestBrowser(server.url);
    expect((await browser.post('/v1/auth/signup', { email, password, name: 'Ann <b>Lee</b>' }, headers)).status).toBe(200);
    return { browser, email, password };
  }

  it('says mail is on, and mails a confirmation link in the person’s language that confirms the address once', async () => {
    expect((await new TestBrowser(server.url).get(ACCOUNT_MAIL_PATHS.status)).body).toEqual({ mail: true });
    const { browser, email } = await signUp({ 'Accept-Language': 'ja' });
    const mail = await smtp.nextTo(email);
    expect(mail.from?.value).toEqual([{ name: 'Nubo', address: 'no-reply@example.org' }]);
    expect(mail.subject).toBe('Nubo のメールアドレスを確認してください');
    // The name is the person's text: in the HTML it is characters, never markup.
    expect(mail.html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Lee</b>');
    const token = tokenIn(mail.text, '/auth/verify');
    expect(mail.text).toContain(`${server.config.publicUrl}/auth/verify?token=`);
    expect((await browser.get('/v1/user/me')).body.email_verified).toBe(false);

    const confirmed = await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.confirmAddress, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email_verified).toBe(true);
    expect((await browser.get('/v1/user/me')).body.email_verified).toBe(true);
    expect((await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.confirmAddress, { token })).body.error).toBe('invalid_mail_link');
    // Confirmed: asking again sends nothing more.
    expect((await browser.post(ACCOUNT_MAIL_PATHS.verification)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('resets a forgotten password through a single-use link, ending every session, and tells no one which addresses have accounts', async () => {
    const { browser, email, password } = await signUp();
    await smtp.nextTo(email);
    const asked = await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.passwordReset, { email: email.toUpperCase() });
    const unknown = await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.passwordReset, { email: uniqueEmail('nobody') });
    expect([asked.status, asked.body]).toEqual([200, {}]);
    expect([unknown.status, unknown.body]).toEqual([200, {}]);
    const mail = await smtp.nextTo(email, 2);
    expect(mail.subject).toBe('Reset your Nubo password');
    const token = tokenIn(mail.text, '/auth/reset');

    // A weak password is refused and leaves the link working for a better one.
    const weak = await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.resetPassword, { token, password: 'short' });
    expect(weak.body.error).toBe('password_too_weak');
    const fresh = goodPassword();
    expect((await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.resetPassword, { token, password: fresh })).status).toBe(200);
    expect((await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.resetPassword, { token, password: goodPassword() })).body.error).toBe(
      'invalid_mail_link',
    );
    expect((await browser.get('/v1/user/me')).status).toBe(401);
    expect((await new TestBrowser(server.url).post('/v1/auth/signin', { username: email, password })).body.error).toBe('invalid_account_or_password');
    const again = new TestBrowser(server.url);
    expect((await again.post('/v1/auth/signin', { username: email, password: fresh })).status).toBe(200);
    // The mail reached the address: it is confirmed too.
    expect((await again.get('/v1/user/me')).body.email_verified).toBe(true);
  });

  it('tells of a sign-in from a new device, with a link to stop such notices, and not of one from a known device', async () => {
    const { email, password } = await signUp();
    await smtp.nextTo(email);
    const signIn = (userAgent: string) => new TestBrowser(server.url).post('/v1/auth/signin', { username: email, password }, { 'User-Agent': userAgent });
    expect((await signIn(PHONE)).status).toBe(200);
    const notice = await smtp.nextTo(email, 2);
    expect(notice.subject).toBe('New sign-in to your Nubo account');
    expect(notice.text).toContain('Safari 17 on iOS');
    // Mail programs offer the same stop beside the sender (List-Unsubscribe).
    expect(JSON.stringify(notice.headers.get('list'))).toContain('/unsubscribe?d=');
    // The same device again: no notice.
    expect((await signIn(PHONE)).status).toBe(200);
    const unsubscribe = /(https?:\/\/\S+\/unsubscribe\?d=\S+)/.exec(notice.text ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    const d = decodeURIComponent(new URL(unsubscribe!).searchParams.get('d')!);
    expect((await new TestBrowser(server.url).get(`/mail/v1/unsubscribe?d=${encodeURIComponent(d)}`)).body.scene).toBe('sign_in');
    // Stopped: a third device brings no notice either.
    expect((await signIn('curl/8.5.0')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toHaveLength(2);
  });
});

describe.each(ENGINES)('the operator role of ADMIN_EMAILS on %s', (engine) => {
  let smtp: SmtpSink;
  let server: TestServer;
  const listed = uniqueEmail('operator');
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(engine, { mail: { smtpUrl: smtp.url, from: FROM }, adminEmails: [listed] });
  });
  afterAll(async () => {
    await server?.dispose();
    await smtp?.close();
  });

  it('goes to a listed address only once its holder confirms it by mail, never at sign-up or at a start before that', async () => {
    const browser = new TestBrowser(server.url);
    await browser.post('/v1/auth/signup', { email: listed, password: goodPassword(), name: 'Op' });
    expect((await browser.get('/admin/v1/users')).status).toBe(403);
    // A server starting on the same database grants the listed addresses that were confirmed: none yet.
    const another = await startTestServer(engine, { database: server.config.database, adminEmails: [listed] });
    await another.dispose();
    expect((await browser.get('/admin/v1/users')).status).toBe(403);

    const token = tokenIn((await smtp.nextTo(listed)).text, '/auth/verify');
    expect((await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.confirmAddress, { token })).status).toBe(200);
    expect((await browser.get('/admin/v1/users')).status).toBe(200);
  });

  it('is not given to an address that is not listed when it is confirmed', async () => {
    const email = uniqueEmail('person');
    const browser = new TestBrowser(server.url);
    await browser.post('/v1/auth/signup', { email, password: goodPassword(), name: 'Ann' });
    const token = tokenIn((await smtp.nextTo(email)).text, '/auth/verify');
    expect((await new TestBrowser(server.url).post(ACCOUNT_MAIL_PATHS.confirmAddress, { token })).status).toBe(200);
    expect((await browser.get('/admin/v1/users')).status).toBe(403);
  });
});

describe('without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.dispose());

  it('says mail is off, and offers no flow that needs it', async () => {
    const browser = new TestBrowser(server.url);
    expect((await browser.get(ACCOUNT_MAIL_PATHS.status)).body).toEqual({ mail: false });
    const reset = await browser.post(ACCOUNT_MAIL_PATHS.passwordReset, { email: uniqueEmail() });
    expect([reset.status, reset.body.error]).toEqual([403, 'mail_unavailable']);
    await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    expect((await browser.post(ACCOUNT_MAIL_PATHS.verification)).body.error).toBe('mail_unavailable');
  });
});
