import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readConfig } from './config';
import { AlertStore } from './state/alerts';
import { SocketClient } from './state/socket-client';
import { browserTokenStore } from './state/token-store';
import { followOverrideChanges, pickLanguage, setupI18n } from './i18n/setup';
import { en } from './i18n/en';
import { loadTypes } from './items/item-label';
import { loadViews } from './views/registry';

/** The language features the app needs; older browsers get the "platform not supported" page. */
function supported(): boolean {
  return (
    typeof Array.prototype.at === 'function' &&
    typeof structuredClone === 'function' &&
    typeof Object.hasOwn === 'function' &&
    'WebSocket' in window
  );
}

function safeStorage(): Storage | null {
  try {
    localStorage.setItem('ckk-probe', '1');
    localStorage.removeItem('ckk-probe');
    return localStorage;
  } catch {
    return null;
  }
}

async function boot() {
  const root = document.getElementById('root')!;
  if (!supported()) {
    root.textContent = en.app.platformNotSupported;
    return;
  }
  const config = readConfig();
  loadTypes(config);
  loadViews(config.views);
  await setupI18n(pickLanguage(), config.titles);
  const alerts = new AlertStore();
  const storage = safeStorage();
  if (!storage) alerts.push({ type: 'warning', key: 'errors.localStorageNotAvailable' });
  const client = new SocketClient({
    wsUrl: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
    httpBase: '',
    version: config.version,
    maxMsgSize: config.wsMaxMsgSize,
    replyTimeoutMs: config.wsTimeout,
    httpTimeoutMs: config.httpTimeout,
    tokens: browserTokenStore(storage),
    reload: () => location.reload(),
    win: window,
  });
  followOverrideChanges((op, fn) => client.on(op, fn));
  client.start();
  createRoot(root).render(
    <StrictMode>
      <App services={{ config, client, alerts }} />
    </StrictMode>,
  );
}

void boot();
