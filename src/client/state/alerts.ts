import { ExternalStore } from './external-store';
import { RequestError } from './request-error';

// Alerts for the snackbar (spec core §8): errors stay until dismissed and sit at the top,
// warnings at the top, the rest at the bottom; the default timeout is 6 s.

export type AlertType = 'error' | 'warning' | 'info' | 'success';

export interface Alert {
  id: number;
  type: AlertType;
  /** An i18n key. */
  key: string;
  params?: Record<string, string | number>;
  sysMessage?: string;
}

export const ALERT_TIMEOUT_MS = 6_000;

export class AlertStore extends ExternalStore<Alert[]> {
  private seq = 0;

  constructor() {
    super([]);
  }

  push(a: Omit<Alert, 'id'>): number {
    const id = ++this.seq;
    this.publish([...this.getSnapshot(), { ...a, id }]);
    return id;
  }

  dismiss(id: number): void {
    this.publish(this.getSnapshot().filter((a) => a.id !== id));
  }

  /** Maps any thrown thing to an alert as spec core §8 describes. */
  error(e: unknown): void {
    if (e instanceof RequestError)
      this.push({ type: 'error', key: `errors.${e.userMessage}`, sysMessage: e.sysMessage });
    else if (typeof e === 'string') this.push({ type: 'error', key: 'errors.generalFailure', sysMessage: e });
    else if (e instanceof Error) this.push({ type: 'error', key: 'errors.notCaught', sysMessage: e.message });
    else this.push({ type: 'error', key: 'errors.notCaught' });
  }
}
