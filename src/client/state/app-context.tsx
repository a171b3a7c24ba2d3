import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ClientConfig } from '../config';
import type { AlertStore } from './alerts';
import type { SessionSnapshot, SocketClient } from './socket-client';

export interface AppServices {
  config: ClientConfig;
  client: SocketClient;
  alerts: AlertStore;
}

const AppContext = createContext<AppServices | null>(null);

export function AppProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function useApp(): AppServices {
  const v = useContext(AppContext);
  if (!v) throw new Error('App not provided');
  return v;
}

export function useSession(): SessionSnapshot {
  const { client } = useApp();
  return useSyncExternalStore(client.subscribe, client.getSnapshot);
}
