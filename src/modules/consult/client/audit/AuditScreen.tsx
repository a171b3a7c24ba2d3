import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../../../client/module-api';
import { AUDIT_CSV_NAME, AUDIT_PAGE_DEFAULT } from '../../audit';
import { DownloadLink } from '../common/DownloadLink';
import { AuditFilterBar } from './AuditFilterBar';
import { AuditTable } from './AuditTable';
import { activeFilters, csvHref, datesInOrder, type AuditFilters } from './audit-model';

/**
 * consult.audit (docs/consult-audit.md): the events on the desk's items and the opens of private
 * records, newest first, a page at a time (act cnsAudit, keyset), with filters and the CSV of the
 * same rows. The server decides what each person sees; this screen only asks.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  const { client } = useApp();
  const [filters, setFilters] = useState<AuditFilters>({});
  const active = useMemo(() => activeFilters(filters), [filters]);
  const ordered = datesInOrder(active);
  const q = useInfiniteQuery({
    queryKey: ['consult', 'audit', active],
    queryFn: ({ pageParam }) =>
      client.act('cnsAudit', {
        ...active,
        limit: AUDIT_PAGE_DEFAULT,
        ...(pageParam ? { after: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: ordered,
    retry: false,
  });
  const pages = q.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((p) => p.rows), [pages]);
  const labels = useMemo(
    () => Object.assign({}, ...(pages ?? []).map((p) => p.$labels)) as Record<string, string>,
    [pages],
  );

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, containerType: 'inline-size' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '70ch' }}>
        {t('consult.audit.intro')}
      </Typography>
      <AuditFilterBar filters={filters} onChange={setFilters} labels={labels} />
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', my: 1.5 }}
      >
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {q.isSuccess ? t('consult.audit.shown', { count: rows.length }) : ''}
        </Typography>
        <DownloadLink
          href={csvHref(active)}
          download={AUDIT_CSV_NAME}
          hint={t('consult.audit.csvHint')}
          disabled={!ordered}
        >
          {t('consult.audit.csv')}
        </DownloadLink>
      </Stack>
      {!ordered ? (
        <Alert severity="info">{t('consult.audit.empty')}</Alert>
      ) : q.isError ? (
        <Alert severity="error">{t('consult.audit.failed')}</Alert>
      ) : q.isSuccess && rows.length === 0 ? (
        <Alert severity="info">{t('consult.audit.empty')}</Alert>
      ) : (
        <AuditTable rows={rows} labels={labels} loading={q.isPending} />
      )}
      {q.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {t('consult.audit.more')}
          </Button>
        </Box>
      ) : (
        q.isSuccess &&
        rows.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
            {t('consult.audit.end')}
          </Typography>
        )
      )}
    </Box>
  );
}
