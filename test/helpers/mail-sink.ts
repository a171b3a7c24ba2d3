import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, as the SMTP client gave them. */
  to: string[];
  /** The message as it came over the wire. */
  raw: string;
  /** Header values by lower-case name (unfolded). */
  headers: Record<string, string>;
  /** The body with quoted-printable undone (soft line breaks and =XX), so links read whole. */
  body: string;
}

/** Undoes quoted-printable: `=\r\n` soft breaks and `=XX` escapes. */
export function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(to: string[], raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { to, raw, headers, body: decodeQuotedPrintable(raw.slice(split)) };
}

/**
 * A real SMTP server on loopback (no TLS, no auth) that keeps every message it receives, for
 * tests that follow a mail from the server to the person's inbox.
 */
export class MailSink {
  readonly mails: ReceivedMail[] = [];
  private waiters: { pred: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<MailSink> {
    let sink: MailSink | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          sink?.receive(parse(to, Buffer.concat(chunks).toString('utf8')));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    sink = new MailSink(server, (server.server.address() as AddressInfo).port);
    return sink;
  }

  private receive(m: ReceivedMail): void {
    this.mails.push(m);
    for (const w of [...this.waiters])
      if (w.pred(m)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
  }

  /** Mails to one address, oldest first. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  /** The mail to `address` after the first `seen` ones (default: the next one to arrive). */
  next(address: string, seen = this.to(address).length, timeoutMs = 5_000): Promise<ReceivedMail> {
    const pick = () => this.to(address)[seen];
    const already = pick();
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const w = {
        pred: () => pick() !== undefined,
        resolve: () => (clearTimeout(timer), resolve(pick()!)),
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The token of the first `${base}${path}?token=…` link in a mail. */
export function linkToken(mail: ReceivedMail, base: string, path: string): string | null {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${esc(base)}${esc(path)}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body);
  return m?.[1] ?? null;
}
