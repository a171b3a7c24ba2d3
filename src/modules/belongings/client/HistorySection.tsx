import { Alert, Button, List, ListItem, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enumLabel,
  formatDate,
  RequestError,
  SectionFrame,
  useApp,
  type ItemSectionProps,
} from '../../../client/module-api';
import { historyLines, isShared, type HistoryEvent } from './history-model';

/**
 * The repatriation history on a belonging's record (docs/belongings.md "History"): the steps of
 * its repatriation workflow as they happened, the status changes and the sharing, oldest first,
 * read from the item's events (act/timeline, so whoever may read the belonging reads them: the
 * institution too, once shared). Those who may change the belonging's level share it, with its
 * history, with the institution that holds it (belShareHistory), or stop sharing.
 */
export function HistorySection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['timeline', item.$id, item._u],
    queryFn: () => client.act('timeline', { _t: item._t, _i: item._i }),
    retry: false,
  });
  const events: HistoryEvent[] = q.data?.events ?? [];
  const labels: Record<string, string> = { ...(item.$labels ?? {}), ...(q.data?.$labels ?? {}) };
  const steps = Array.isArray((item._wf as { steps?: unknown } | undefined)?.steps)
    ? ((item._wf as { steps: { id: string; label: string }[] }).steps ?? [])
    : [];
  // A person the reader may not read (the museum's curator reading the community's staff) has no
  // label: they are someone at the belonging's owner, never a bare id such as "User-3".
  const owner = typeof item.owner === 'string' ? labels[item.owner] : undefined;
  const someone = owner ? t('belongings.history.someoneAt', { org: owner }) : t('item.someone');
  const lines = historyLines(events, {
    step: (id) => steps.find((s) => s.id === id)?.label ?? id,
    name: (id) => (id ? (labels[id] ?? someone) : t('belongings.history.system')),
    state: (s) => t(`belongings.history.states.${s}`, { defaultValue: enumLabel(t, s) }),
    status: (s) => (s ? enumLabel(t, s) : t('belongings.history.noStatus')),
  });
  const institution = typeof item.institution === 'string' ? item.institution : null;
  const orgName = institution ? (labels[institution] ?? institution) : '';
  const shared = isShared(events);
  const mayShare = item.$allowed?.setLevel === true;

  async function share(on: boolean) {
    setBusy(true);
    try {
      await client.act('belShareHistory', { belonging: item.$id, share: on });
      await qc.invalidateQueries({ queryKey: ['timeline', item.$id] });
    } catch (e) {
      alerts.error(e instanceof RequestError || e instanceof Error ? e : String(e));
    } finally {
      setBusy(false);
    }
  }

  const action =
    mayShare && institution ? (
      <Button
        size="small"
        variant={shared ? 'text' : 'outlined'}
        disabled={busy}
        onClick={() => void share(!shared)}
      >
        {shared
          ? t('belongings.history.unshare', { org: orgName })
          : t('belongings.history.share', { org: orgName })}
      </Button>
    ) : null;

  return (
    <SectionFrame
      title={t('belongings.history.title')}
      count={lines.length}
      action={action}
      testId="repatriation-history"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('belongings.history.hint')}
      </Typography>
      {shared && institution && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('belongings.history.sharedNow', { org: orgName })}
        </Alert>
      )}
      {mayShare && !institution && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('belongings.history.noInstitution')}
        </Typography>
      )}
      {q.isError ? (
        <Typography color="error" role="alert">
          {q.error instanceof Error ? q.error.message : t('errors.generalFailure')}
        </Typography>
      ) : lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {q.isPending ? '' : t('belongings.history.none')}
        </Typography>
      ) : (
        <List component="ol" disablePadding dense aria-label={t('belongings.history.title')}>
          {lines.map((l) => (
            <ListItem key={l.key} divider disableGutters sx={{ display: 'block' }}>
              <Typography variant="body2">{t(`belongings.history.${l.message}`, l.params)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(l.at)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </SectionFrame>
  );
}
