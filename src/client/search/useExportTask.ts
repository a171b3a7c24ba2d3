import { useState } from 'react';
import type { ZipName } from '../../protocol/files';
import type { SearchQuery } from '../../protocol/query';
import { useApp, useSession } from '../state/app-context';
import { RequestError } from '../state/request-error';
import { taskStoreFor } from '../state/tasks';

/**
 * Starts an export as a background task (act/{action}/async) for the search as shown: its filters
 * and sort, all pages, no facets. The task runs as the user on the server; progress, stop and the
 * download are in the help menu. `refusals` turns a refusal key into a calm notice.
 */
export function useExportTask(
  action: 'exportCsv' | 'exportZip',
  startedKey: string,
  refusals: Record<string, string> = {},
) {
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  /** `name`: the zip's file name (exportZip). */
  async function start(query: SearchQuery, extra: { name?: ZipName } = {}) {
    setBusy(true);
    try {
      const { must, should, mustNot, sort } = query;
      await taskStoreFor(client, alerts).start(action, { query: { must, should, mustNot, sort }, ...extra });
      alerts.push({ type: 'info', key: startedKey });
    } catch (e) {
      const notice = e instanceof RequestError ? refusals[e.userMessage] : undefined;
      if (notice) alerts.push({ type: 'info', key: notice });
      else alerts.error(e);
    } finally {
      setBusy(false);
    }
  }
  return { signedIn: !!user, busy, start };
}
