import pg from 'pg';

type Handler = { fn: (payload: string) => void; onReconnect?: (() => void) | undefined };

/**
 * One PostgreSQL session for all of a node's LISTEN channels (items, principals, site, tasks):
 * LISTEN needs a session for its whole life, outside the pool, and one per channel was four
 * connections a node. If the session dies it is opened again with every channel; notifications
 * sent meanwhile are lost, so each subscriber hears of the reconnect and resynchronises.
 */
export class PgListener {
  private readonly channels = new Map<string, Set<Handler>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closing = false;

  constructor(private readonly url: string) {}

  async listen(
    channel: string,
    fn: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> {
    const handler: Handler = { fn, onReconnect };
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(handler);
    const client = await this.session();
    // A session LISTENs to every channel it knows when it opens; a channel added later (or while
    // it was opening) is added here. LISTEN twice is harmless.
    if (first) await client.query(`LISTEN ${quote(channel)}`);
    return async () => {
      set.delete(handler);
      if (set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
    };
  }

  /** The session (the one query in flight ever opens it). */
  private session(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    // Named, so pg_stat_activity shows which session is a node's listener.
    const client = new pg.Client({ connectionString: this.url, application_name: 'ckk-listen' });
    client.on('notification', (n) => {
      for (const h of this.channels.get(n.channel) ?? []) h.fn(n.payload ?? '');
    });
    client.on('error', (err) => console.warn(`database listener lost: ${err.message}`));
    client.on('end', () => {
      // Only a session that was up is reopened here; a failed open is retried by its caller.
      if (this.client !== client) return;
      this.client = null;
      if (!this.closing) void this.retry(1);
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    this.client = client;
    return client;
  }

  private async retry(attempt: number): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.min(30_000, 500 * 2 ** attempt)));
    if (this.closing || this.channels.size === 0) return;
    try {
      await this.session();
      for (const set of this.channels.values()) for (const h of set) h.onReconnect?.();
    } catch {
      void this.retry(attempt + 1);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
  }
}

function quote(channel: string): string {
  return `"${channel.replace(/"/g, '')}"`;
}
