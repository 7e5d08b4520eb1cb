// A real SMTP server on loopback for tests (smtp-server), keeping every message it receives,
// parsed (mailparser) as a mail program would read it.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './until.ts';

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** The messages to `address` so far. */
  to(address: string): ParsedMail[];
  /** Waits for the `count`-th message to `address` and answers it. */
  nextTo(address: string, count?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    // Loopback only, as a relay in a data centre might be: no TLS, no login.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          done();
        },
        (failure: Error) => done(failure),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  const to = (address: string) =>
    received.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((box) => box?.value.some((entry) => entry.address === address)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    nextTo: async (address, count = 1) =>
      (
        await until(
          async () => to(address),
          (mails) => mails.length >= count,
          `mail ${count} to ${address}`,
        )
      )[count - 1]!,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
