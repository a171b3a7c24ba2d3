import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateItemDialog,
  formatDate,
  itemType,
  readMany,
  SectionFrame,
  useApp,
  useCanCreate,
  useItem,
  useLovLabel,
  type Item,
  type ItemSectionProps,
} from '../../../../client/module-api';
import { InvoiceButton } from './InvoiceButton';
import {
  costTotals,
  expenseLinesFrom,
  formatCents,
  formatHours,
  ratesFrom,
  timeLinesFrom,
} from '../../costs-money';
import { onFileWords, toRespondWords, type DayWords } from './cost-days';
import { useChildItems } from './useChildItems';

const TIME = 'ConsultTimeEntry';
const EXPENSE = 'ConsultExpense';
const RATE = 'ConsultRate';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The name of the response's active workflow step, if one is active. */
function activeStepLabel(wf: unknown): string | undefined {
  const steps = (wf as { steps?: { state?: unknown; label?: unknown }[] } | undefined)?.steps;
  const active = Array.isArray(steps) ? steps.find((x) => x.state === 'ACTIVE') : undefined;
  return typeof active?.label === 'string' && active.label ? active.label : undefined;
}

/** The community's rates, read through search as the user (its staff read them; others none). */
function useRates() {
  const { client } = useApp();
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['consultRates'],
    queryFn: async () => {
      const r = await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: [RATE] },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: 200,
      });
      const got = await readMany(client, qc, r.ids);
      return r.ids.map((id) => got[id]).filter((x): x is Item => !!x);
    },
    retry: false,
  });
}

/**
 * A response's time and expenses (docs/consultation.md "Time and expenses"): how long the referral
 * has been on file and the days left to respond, every entry (date, person, role or kind, hours or
 * amount, description), the totals at the community's rates, and "Log time" / "Log an expense"
 * opening the create dialog with the response filled in. Every list is the ordinary search as the
 * user: a proponent, who cannot read the response, never reaches this record, and would find none.
 */
export function TimeExpensesSection({ item }: ItemSectionProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const time = useChildItems(TIME, 'response', item.$id);
  const spent = useChildItems(EXPENSE, 'response', item.$id);
  const rates = useRates();
  const canTime = useCanCreate(TIME);
  const canSpend = useCanCreate(EXPENSE);
  const [creating, setCreating] = useState<typeof TIME | typeof EXPENSE | null>(null);
  const lovLabel = useLovLabel([itemType(TIME), itemType(EXPENSE)]);
  const owner = typeof item.owner === 'string' ? item.owner : null;
  const lov = (list: string, key: unknown) =>
    typeof key === 'string' ? (lovLabel(list, key, owner) ?? key) : '';

  // The referral's dates: submitted is the consultation's own (a staff member reads it).
  const consultationId = str(item.consultation);
  const consultation = useItem(consultationId);
  const c = consultation.data;
  const today = new Date();
  const onFile = onFileWords(str(c?.submitted) || c?._c?.ts, today);
  const toRespond = toRespondWords(item.requestedResponseDate, today);
  const say = (w: DayWords) => t(w.key, w.count === undefined ? {} : { count: w.count });

  const timeRows = useMemo(() => time.data?.items ?? [], [time.data]);
  const spentRows = useMemo(() => spent.data?.items ?? [], [spent.data]);
  const totals = useMemo(
    () => costTotals(timeLinesFrom(timeRows), expenseLinesFrom(spentRows), ratesFrom(rates.data ?? [])),
    [timeRows, spentRows, rates.data],
  );
  const rows = [
    ...timeRows.map((e) => ({
      e,
      kind: TIME,
      sortKey: str(e.date),
      label: lov('CNS_COST_ROLES', e.role),
      amount: t('consult.costs.hours', {
        count: Number(e.hours),
        hours: formatHours(Number(e.hours), locale),
      }),
      person: typeof e.person === 'string' ? (e.$labels?.[e.person] ?? t('consult.costs.someone')) : '',
    })),
    ...spentRows.map((e) => ({
      e,
      kind: EXPENSE,
      sortKey: str(e.date),
      label: lov('CNS_EXPENSE_KINDS', e.kind),
      amount: formatCents(Number(e.amount), locale),
      person: typeof e._c?.$id === 'string' ? (e.$labels?.[e._c.$id] ?? t('consult.costs.someone')) : '',
    })),
  ].sort((a, b) => b.sortKey.localeCompare(a.sortKey));
  const initial = useMemo(
    () => ({ response: item.$id, date: new Date().toISOString().slice(0, 10) }),
    [item.$id],
  );
  // Time is logged against the step being worked (its name), which the person may change or clear.
  const step = activeStepLabel(item._wf);
  const initialLabels = useMemo(
    () => ({ [item.$id]: typeof item.projectName === 'string' ? item.projectName : t('item.notShown') }),
    [item.$id, item.projectName, t],
  );
  const failed = time.isError || spent.isError;
  const loaded = time.isSuccess && spent.isSuccess;
  const createType = creating ? itemType(creating) : undefined;

  return (
    <SectionFrame
      title={t('consult.costs.title')}
      count={rows.length || undefined}
      testId="section-response-costs"
      action={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {canTime && (
            <Button size="small" variant="outlined" onClick={() => setCreating(TIME)}>
              {t('consult.costs.logTime')}
            </Button>
          )}
          {canSpend && (
            <Button size="small" variant="outlined" onClick={() => setCreating(EXPENSE)}>
              {t('consult.costs.logExpense')}
            </Button>
          )}
          {canTime && loaded && rows.length > 0 && <InvoiceButton response={item} />}
        </Stack>
      }
    >
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 1 }} data-testid="response-days">
        {onFile && <Typography variant="body2">{say(onFile)}</Typography>}
        <Typography
          variant="body2"
          color={toRespond.key === 'consult.costs.pastDue' ? 'error' : 'text.secondary'}
        >
          {say(toRespond)}
        </Typography>
      </Stack>
      {failed && <Alert severity="error">{t('consult.costs.loadFailed')}</Alert>}
      {loaded && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('consult.costs.empty')}
        </Typography>
      )}
      {rows.length > 0 && (
        // A list, as Linear's: what was done first, then when, who and as what, the figure to the
        // right. A table's five columns did not fit the record's narrow column.
        <List dense disablePadding aria-label={t('consult.costs.title')}>
          {rows.map((r) => {
            const what = str(r.e.description);
            const when = [r.sortKey ? formatDate(r.sortKey) : '', r.person, what ? r.label : '']
              .filter(Boolean)
              .join(' · ');
            return (
              <ListItem
                key={r.e.$id}
                data-cost-kind={r.kind}
                divider
                disableGutters
                secondaryAction={
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {r.amount}
                  </Typography>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={what || r.label}
                  secondary={when}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {loaded && rows.length > 0 && (
        <Box
          component="dl"
          data-testid="response-cost-totals"
          sx={{
            m: 0,
            mt: 2,
            display: 'grid',
            gridTemplateColumns: 'max-content max-content',
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, textAlign: 'right' },
          }}
        >
          <dt>{t('consult.costs.totalHours')}</dt>
          <dd>{formatHours(totals.hours, locale)}</dd>
          <dt>{t('consult.costs.timeCost')}</dt>
          <dd>{formatCents(totals.timeCost, locale)}</dd>
          <dt>{t('consult.costs.expenseTotal')}</dt>
          <dd>{formatCents(totals.expenses, locale)}</dd>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {t('consult.costs.total')}
          </Box>
          <Box component="dd" sx={{ fontWeight: 600 }}>
            {formatCents(totals.total, locale)}
          </Box>
        </Box>
      )}
      {totals.unrated.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('consult.costs.unrated', {
            roles: totals.unrated.map((k) => lov('CNS_COST_ROLES', k)).join(', '),
          })}
        </Alert>
      )}
      {creating && createType && (
        <CreateItemDialog
          type={createType}
          initial={creating === TIME && step ? { ...initial, step } : initial}
          initialLabels={initialLabels}
          onClose={() => setCreating(null)}
          onCreated={() => {
            setCreating(null);
            void (creating === TIME ? time.refetch() : spent.refetch());
          }}
        />
      )}
    </SectionFrame>
  );
}
