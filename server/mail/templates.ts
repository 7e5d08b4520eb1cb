// The account's e-mails, in the reader's language: a subject, a few sentences, one button (its
// link written out below it too, for mail programs that show no buttons) and why the mail came.
// Every word comes from content/i18n; what people typed (names) is escaped in the HTML form.
import type { Locale } from '#shared/i18n/locales.ts';
import type { MessageKey, Translate } from '#shared/i18n/translator.ts';
import { escapeMarkup } from '../web/markup.ts';
import type { OutgoingMail } from './mailer.ts';

type Composed = Omit<OutgoingMail, 'to'>;
type Parts = { subject: MessageKey; lines: string[]; action: MessageKey; link: string; email: string; unsubscribe?: { url: string; label: MessageKey } };

export function accountMails(translatorFor: (locale: Locale) => Translate) {
  function compose(locale: Locale, parts: Parts): Composed {
    const t = translatorFor(locale);
    const subject = t(parts.subject);
    const action = t(parts.action);
    const why = t('mail.why', { email: parts.email });
    const text = [
      ...parts.lines,
      '',
      `${action}: ${parts.link}`,
      '',
      '—',
      why,
      ...(parts.unsubscribe ? [`${t(parts.unsubscribe.label)}: ${parts.unsubscribe.url}`] : []),
    ].join('\n');
    const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeMarkup(line)}</p>`;
    const html = [
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeMarkup(subject)}</title></head>`,
      '<body style="margin:0;padding:24px;background:#f4f6fa;font:16px/1.5 system-ui,sans-serif;color:#1b2230">',
      '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
      ...parts.lines.map(paragraph),
      `<p style="margin:24px 0"><a href="${escapeMarkup(parts.link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeMarkup(action)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#4a5468">${escapeMarkup(t('mail.linkBelow'))}<br><span style="word-break:break-all">${escapeMarkup(parts.link)}</span></p>`,
      '</div>',
      `<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#4a5468">${escapeMarkup(why)}`,
      ...(parts.unsubscribe ? [` <a href="${escapeMarkup(parts.unsubscribe.url)}" style="color:#4a5468">${escapeMarkup(t(parts.unsubscribe.label))}</a>`] : []),
      '</p></body></html>',
    ].join('');
    return { subject, text, html, ...(parts.unsubscribe ? { unsubscribeUrl: parts.unsubscribe.url } : {}) };
  }

  return {
    confirmAddress(locale: Locale, { name, email, link }: { name: string; email: string; link: string }): Composed {
      const t = translatorFor(locale);
      return compose(locale, {
        subject: 'mail.verify.subject',
        lines: [t('mail.greeting', { name }), t('mail.verify.body', { email })],
        action: 'mail.verify.action',
        link,
        email,
      });
    },

    resetPassword(locale: Locale, { name, email, link }: { name: string; email: string; link: string }): Composed {
      const t = translatorFor(locale);
      return compose(locale, {
        subject: 'mail.reset.subject',
        lines: [t('mail.greeting', { name }), t('mail.reset.body', { email }), t('mail.reset.ignore')],
        action: 'mail.reset.action',
        link,
        email,
      });
    },

    newDevice(
      locale: Locale,
      {
        name,
        email,
        device,
        ip,
        at,
        link,
        unsubscribeUrl,
      }: { name: string; email: string; device: string; ip: string; at: number; link: string; unsubscribeUrl: string },
    ): Composed {
      const t = translatorFor(locale);
      const time = new Date(at).toISOString().slice(0, 16).replace('T', ' ');
      return compose(locale, {
        subject: 'mail.newDevice.subject',
        lines: [t('mail.greeting', { name }), t('mail.newDevice.body', { email, device, time, ip }), t('mail.newDevice.ifNotYou')],
        action: 'mail.newDevice.action',
        link,
        email,
        unsubscribe: { url: unsubscribeUrl, label: 'mail.unsubscribe' },
      });
    },

    sharePassCodesStopped(
      locale: Locale,
      { name, email, title, until, link }: { name: string; email: string; title: string; until: number; link: string },
    ): Composed {
      const t = translatorFor(locale);
      const time = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
      return compose(locale, {
        subject: 'mail.sharePasscodes.subject',
        lines: [t('mail.greeting', { name }), t('mail.sharePasscodes.body', { title, time }), t('mail.sharePasscodes.advice')],
        action: 'mail.sharePasscodes.action',
        link,
        email,
      });
    },
  };
}

export type AccountMails = ReturnType<typeof accountMails>;
