import {
  Alert,
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, readMany, useApp, useCell, useLov, type Item } from '../../../../client/module-api';
import LockIcon from '@mui/icons-material/Lock';
import { metres, restrictedOf, resultsOf, squareMetres, summaryOf, type OverlayResult } from './report-model';

const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * One impact report: the headline, the counts by spatial type, the restricted places beside them
 * (the community's staff only: how many, marked in the table), and the places met (names read
 * now, through the policy: a place this reader may not read shows as such, never by name).
 */
export function ReportView({
  report,
  owner,
  compact,
}: {
  report: Item;
  owner: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const cell = useCell();
  const lov = useLov('SPL_TYPES', owner);
  const results = resultsOf(report.results);
  const summary = summaryOf(report.summary);
  const restricted = restrictedOf(report.$restricted);
  const buffer = typeof report.buffer === 'number' ? report.buffer : 0;
  const ids = results.map((r) => r.id);
  const names = useQuery({
    queryKey: ['spatialReportNames', report.$id, report._u],
    queryFn: async () => readMany(client, qc, ids),
    enabled: ids.length > 0,
    retry: false,
  });
  const typeLabel = (k: string | null) =>
    (k && lov.entries?.get(k)?.label) || k || t('spatial.overlay.untyped');
  const nameOf = (r: OverlayResult) => {
    const it = names.data?.[r.id];
    return it && typeof it.label === 'string' ? it.label : null;
  };
  const overlap = (r: OverlayResult) => {
    if (!r.intersects) return '';
    if (typeof r.overlapM2 === 'number') return squareMetres(t, r.overlapM2);
    if (typeof r.overlapM === 'number') return metres(t, r.overlapM);
    if (r.overlapM2 === null || r.overlapM === null) return t('spatial.overlay.notMeasured');
    return '';
  };
  const computed = typeof report.computed === 'string' ? report.computed : '';
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="overlay-report">
      <Box>
        <Typography variant="subtitle2" component="p">
          {summary && summary.total > 0
            ? t('spatial.overlay.headline', {
                count: summary.total,
                buffer: buffer.toLocaleString(),
                intersecting: summary.intersecting,
              })
            : t('spatial.overlay.nothing', { buffer: buffer.toLocaleString() })}
        </Typography>
        {computed && (
          <Typography variant="caption" color="text.secondary">
            {t('spatial.overlay.computed', { when: formatDate(computed), buffer: buffer.toLocaleString() })}
          </Typography>
        )}
      </Box>
      {restricted && (
        <Alert
          severity="warning"
          icon={<LockIcon fontSize="inherit" />}
          data-testid="overlay-restricted"
          sx={{ py: 0 }}
        >
          {t('spatial.overlay.restricted', { count: restricted.total })}
          {restricted.hidden > 0 && ' '}
          {restricted.hidden > 0 &&
            (restricted.hidden === restricted.total
              ? t('spatial.overlay.restrictedAllHidden', { count: restricted.total })
              : t('spatial.overlay.restrictedHidden', { count: restricted.hidden }))}
        </Alert>
      )}
      {summary && summary.byType.length > 0 && (
        <Stack
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap' }}
          role="list"
          aria-label={t('spatial.overlay.byType')}
          data-testid="overlay-by-type"
        >
          {summary.byType.map((b) => (
            <Chip
              key={b.spatialType ?? '-'}
              role="listitem"
              size="small"
              variant="outlined"
              label={`${typeLabel(b.spatialType)}: ${b.intersecting + b.nearby}`}
            />
          ))}
        </Stack>
      )}
      {!compact && results.length > 0 && (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label={t('spatial.overlay.features')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('spatial.overlay.cols.place')}</TableCell>
                <TableCell sx={HIDE_ON_PHONE}>{t('spatial.overlay.cols.type')}</TableCell>
                <TableCell align="right">{t('spatial.overlay.cols.measure')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((r) => {
                const name = nameOf(r);
                return (
                  <TableRow key={r.id} hover>
                    <TableCell>
                      {name ? (
                        <Link
                          component="button"
                          type="button"
                          onClick={() => cell.open(`i-${r.id}`)}
                          sx={{ textAlign: 'left' }}
                        >
                          {name}
                        </Link>
                      ) : (
                        <Typography variant="body2" color="text.secondary" component="span">
                          {names.isPending ? '…' : t('spatial.overlay.hidden')}
                        </Typography>
                      )}
                      {r.restricted && (
                        <Chip
                          size="small"
                          color="warning"
                          // Filled: the theme picks black or white text on the accent at 4.5:1; its
                          // outline would put the accent itself on the page as text.
                          variant="filled"
                          icon={<LockIcon />}
                          label={t('spatial.overlay.restrictedMark')}
                          title={t('spatial.overlay.restrictedMarkHelp')}
                          aria-label={`${t('spatial.overlay.restrictedMark')}: ${t('spatial.overlay.restrictedMarkHelp')}`}
                          sx={{ ml: 1, height: 20, verticalAlign: 'middle' }}
                        />
                      )}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        {t(`spatial.overlay.shapes.${r.shape}`)}
                        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                          {' · '}
                          {typeLabel(r.spatialType)}
                        </Box>
                      </Typography>
                    </TableCell>
                    <TableCell sx={HIDE_ON_PHONE}>{typeLabel(r.spatialType)}</TableCell>
                    <TableCell align="right">
                      {r.intersects ? (
                        <>
                          <Typography
                            variant="body2"
                            component="span"
                            sx={{ fontWeight: 600, display: 'block' }}
                          >
                            {t('spatial.overlay.cols.onProject')}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" component="span">
                            {overlap(r)}
                          </Typography>
                        </>
                      ) : (
                        t('spatial.overlay.away', { d: metres(t, r.distanceM) })
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {names.isError && <Alert severity="warning">{t('spatial.overlay.failed')}</Alert>}
    </Stack>
  );
}
