import { ExternalStore, perClient } from '../state/external-store';
import type { SocketClient } from '../state/socket-client';

// Active system alerts for the signed-in user (spec core §3 "System alert", §4): fetched on
// sign-in, kept live by a type watch on SystemAlert, and filtered by what this session dismissed.

export interface SystemAlert {
  $id: string;
  title: string;
  message: string;
  modal: boolean;
}

/** Dismissals last for the browser session: a cookie without expiry, ids joined by commas. */
export const DISMISSED_COOKIE = 'ckk-dismissed-alerts';

export function readDismissed(cookie: string = document.cookie): string[] {
  const hit = cookie.split(';').find((c) => c.trim().startsWith(`${DISMISSED_COOKIE}=`));
  if (!hit) return [];
  return decodeURIComponent(hit.split('=')[1] ?? '')
    .split(',')
    .filter((id) => /^[A-Za-z.]+-\d+$/.test(id));
}

function writeDismissed(ids: readonly string[]): void {
  const v = encodeURIComponent(ids.join(','));
  document.cookie = `${DISMISSED_COOKIE}=${v}; path=/; SameSite=Lax${ids.length ? '' : '; max-age=0'}`;
}

export interface AlertsSnapshot {
  /** Every active alert, dismissed or not (the top bar indicator shows while there are any). */
  active: SystemAlert[];
  /** The ones to show now: not dismissed this session and not closed for the moment. */
  shown: SystemAlert[];
}

const EMPTY: AlertsSnapshot = { active: [], shown: [] };

export class SystemAlertStore extends ExternalStore<AlertsSnapshot> {
  private closed = new Set<string>();
  private userId: string | null = null;
  private watch: string | null = null;
  private seq = 0;

  constructor(private readonly client: SocketClient) {
    super(EMPTY);
    client.subscribe(() => this.onSession());
    const refetch = (b: unknown) => {
      const body = b as { $id?: string; itemID?: string } | null;
      const id = body?.$id ?? body?.itemID;
      if (typeof id === 'string' && id.startsWith('SystemAlert-')) void this.fetch();
    };
    client.on('itemUpdated', refetch);
    client.on('item/action', refetch);
    client.onEvent((e) => {
      if (e.kind === 'reconnected') void this.fetch();
    });
    this.onSession();
  }

  private onSession() {
    const s = this.client.getSnapshot();
    const valid = s.authState === 'USER_VALID' || s.authState === 'TOKEN_WARNING';
    const id = valid ? (s.user?.$id ?? null) : null;
    if (id === this.userId) return;
    this.userId = id;
    if (this.watch) this.client.unwatchType(this.watch);
    this.watch = null;
    if (!id) return this.set([]);
    // No filter: a deactivated or deleted alert must reach us too, to take it down.
    this.watch = this.client.watchType('SystemAlert', {});
    void this.fetch();
  }

  private async fetch() {
    if (!this.userId) return;
    const mine = ++this.seq;
    try {
      const found = await this.client.request<{ ids: string[] }>('search/ids', {
        must: { _t: ['SystemAlert'], active: [true] },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: 50,
      });
      const got = found.ids.length
        ? await this.client.request<Record<string, Partial<SystemAlert> & { erred?: boolean }>>(
            'readMany/object',
            found.ids,
          )
        : {};
      if (mine !== this.seq) return;
      this.set(
        found.ids
          .map((id) => got[id])
          .filter((a): a is Partial<SystemAlert> => !!a && !a.erred)
          .map((a) => ({
            $id: a.$id ?? '',
            title: a.title ?? '',
            message: a.message ?? '',
            modal: a.modal === true,
          })),
      );
    } catch {
      /* the next push or reconnect tries again */
    }
  }

  private set(active: SystemAlert[]) {
    const dismissed = new Set(readDismissed());
    this.publish({ active, shown: active.filter((a) => !dismissed.has(a.$id) && !this.closed.has(a.$id)) });
  }

  /** Hides the alert until the page is loaded again. */
  close(id: string) {
    this.closed.add(id);
    this.set(this.getSnapshot().active);
  }

  /** Hides the alert for the rest of this browser session (spec core §4). */
  dismiss(id: string) {
    writeDismissed([...new Set([...readDismissed(), id])]);
    this.set(this.getSnapshot().active);
  }

  /** The top bar indicator: show every active alert again. */
  reopen() {
    this.closed = new Set();
    writeDismissed([]);
    this.set(this.getSnapshot().active);
  }
}

export const systemAlertStore = perClient((client) => new SystemAlertStore(client));
