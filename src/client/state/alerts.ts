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

export class AlertStore {
  private alerts: Alert[] = [];
  private seq = 0;
  private readonly listeners = new Set<() => void>();

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = () => this.alerts;

  push(a: Omit<Alert, 'id'>): number {
    const id = ++this.seq;
    this.alerts = [...this.alerts, { ...a, id }];
    this.emit();
    return id;
  }

  dismiss(id: number): void {
    this.alerts = this.alerts.filter((a) => a.id !== id);
    this.emit();
  }

  /** Maps any thrown thing to an alert as spec core §8 describes. */
  error(e: unknown): void {
    if (e instanceof RequestError)
      this.push({ type: 'error', key: `errors.${e.userMessage}`, sysMessage: e.sysMessage });
    else if (typeof e === 'string') this.push({ type: 'error', key: 'errors.generalFailure', sysMessage: e });
    else if (e instanceof Error) this.push({ type: 'error', key: 'errors.notCaught', sysMessage: e.message });
    else this.push({ type: 'error', key: 'errors.notCaught' });
  }

  private emit() {
    for (const fn of this.listeners) fn();
  }
}
