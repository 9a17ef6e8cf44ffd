import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { MailTransport } from "~/domain/mail/outbox.server";

/** SMTP when SMTP_URL is set; otherwise each mail (with its link) is written to the server log. */
export function createMailTransport(options: { smtpUrl?: string; from: string; log: Logger }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transporter.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: "log",
    async send(mail) {
      options.log.info({ mail: { to: mail.to, subject: mail.subject } }, `email (not sent, no SMTP_URL)\n${mail.text}`);
    },
  };
}
