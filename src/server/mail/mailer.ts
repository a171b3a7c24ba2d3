import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';

/** One mail to one person. `text` is always sent; `html` is an optional alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Answers go here instead of MAIL_FROM (support requests: the person who asked). */
  replyTo?: string;
  /** Files sent with it (a referral's PDF with its receipt); in the outbox's `.eml` too. */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Where the mailer reports: Fastify's pino logger fits. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SILENT: MailLog = { info: () => undefined, error: () => undefined };

/**
 * Sends mail through SMTP_URL, or, with no SMTP server configured, writes each message as an
 * RFC 822 `.eml` file under `<DATA_DIR>/outbox/` so a small community can still read it.
 * Every send is tracked so `idle()` (tests) and `close()` (shutdown) can wait for them.
 */
export class Mailer {
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
    private readonly log: MailLog = SILENT,
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    if (config.smtpUrl) {
      this.mode = 'smtp';
      const url = new URL(config.smtpUrl);
      // A plain smtp:// server on this machine (a test sink, a local relay) is trusted without
      // TLS; anywhere else nodemailer upgrades with STARTTLS when the server offers it. Query
      // parameters of the URL (e.g. ?ignoreTLS=false) still win.
      const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname);
      this.transport = nodemailer.createTransport({
        url: config.smtpUrl,
        ignoreTLS: url.protocol === 'smtp:' && loopback,
      });
    } else {
      this.mode = 'outbox';
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    }
  }

  /**
   * Sends one message; resolves when the SMTP server accepted it or the file is written. A
   * message still being made (a PDF to attach) is waited for as part of the send, so idle() and
   * close() wait for it too.
   */
  send(m: MailMessage | Promise<MailMessage>): Promise<void> {
    const p = Promise.resolve(m).then((msg) => this.deliver(msg));
    this.pending.add(p);
    const forget = () => this.pending.delete(p);
    p.then(forget, forget);
    return p;
  }

  /**
   * Sends without making the caller wait: the HTTP answer must not depend on whether (or how
   * slowly) a mail went out, or its timing would tell who has an account. Failures are logged.
   */
  sendLater(m: MailMessage | Promise<MailMessage>): void {
    let known: MailMessage | null = null;
    const made = Promise.resolve(m).then((msg) => (known = msg));
    this.send(made).catch((e: unknown) =>
      this.log.error(
        { to: known?.to, subject: known?.subject, err: e instanceof Error ? e.message : String(e) },
        'mail not sent',
      ),
    );
  }

  /** Resolves when every mail started so far has been sent (or has failed). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport.close();
  }

  private async deliver(m: MailMessage): Promise<void> {
    const message = {
      from: this.config.mailFrom,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.html ? { html: m.html } : {}),
      ...(m.replyTo ? { replyTo: m.replyTo } : {}),
      ...(m.attachments?.length ? { attachments: m.attachments.map((a) => ({ ...a })) } : {}),
    };
    if (this.mode === 'smtp') {
      await this.transport.sendMail(message);
      this.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      return;
    }
    const info = (await this.transport.sendMail(message)) as { message: Buffer };
    await mkdir(this.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message, { mode: 0o600 });
    this.log.info({ to: m.to, subject: m.subject, file }, 'mail written to the outbox');
  }
}
