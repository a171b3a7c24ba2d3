import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, useCellLink } from '../../../../client/module-api';
import { OPENED_KIND } from '../../audit';
import type { AuditRow } from '../../contract-audit';
import { kindKey, whoWords } from './audit-model';

/** Below this width of the screen's cell (not the window), each row is a small card. */
const NARROW = '@container (max-width: 36rem)';

/**
 * The rows as a table: when, who ("Admin as Person" under a masquerade), what, and the record (a
 * link that opens it in the next cell). In a narrow cell the header hides and every cell carries
 * its own name, so a phone reads each entry top to bottom.
 */
export function AuditTable({
  rows,
  labels,
  loading,
}: {
  rows: readonly AuditRow[];
  labels: Readonly<Record<string, string>>;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const link = useCellLink();
  const cols = [
    t('consult.audit.when'),
    t('consult.audit.who'),
    t('consult.audit.what'),
    t('consult.audit.item'),
  ];
  const words = {
    system: t('consult.audit.system'),
    hidden: (id: string) => t('consult.audit.hiddenPerson', { id }),
    as: (real: string, who: string) => t('consult.audit.asPerson', { real, who }),
  };
  return (
    <Table
      size="small"
      aria-label={t('consult.audit.tableLabel')}
      aria-busy={loading}
      sx={{
        [NARROW]: {
          '& thead': { display: 'none' },
          '& tr': { display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' },
          '& td': { display: 'block', border: 0, py: 0.25, px: 0 },
          '& td::before': {
            content: 'attr(data-label) ": "',
            fontWeight: 600,
            color: 'text.secondary',
          },
        },
      }}
    >
      <TableHead>
        <TableRow>
          {cols.map((c) => (
            <TableCell key={c} sx={{ fontWeight: 600 }}>
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {loading
          ? [0, 1, 2].map((i) => (
              <TableRow key={i}>
                {cols.map((c) => (
                  <TableCell key={c} data-label={c}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : rows.map((r) => {
              const { key, fallback } = kindKey(r.kind);
              const masked = !!r.realActor && r.realActor !== r.actor;
              const who = whoWords(r, labels, words);
              return (
                <TableRow key={r.id} hover>
                  <TableCell data-label={cols[0]} sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={r.at}>{formatDate(r.at)}</time>
                  </TableCell>
                  <TableCell data-label={cols[1]}>
                    {masked ? (
                      <Tooltip title={t('consult.audit.asPersonHint')} describeChild>
                        <Box component="span" sx={{ fontStyle: 'italic' }}>
                          {who}
                        </Box>
                      </Tooltip>
                    ) : (
                      who
                    )}
                  </TableCell>
                  <TableCell data-label={cols[2]}>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                      {r.kind === OPENED_KIND && <VisibilityIcon fontSize="inherit" aria-hidden />}
                      {t(key, { defaultValue: fallback })}
                    </Box>
                  </TableCell>
                  <TableCell data-label={cols[3]} sx={{ wordBreak: 'break-word' }}>
                    <Link {...link(`i-${r.itemId}`)}>{labels[r.itemId] ?? r.itemId}</Link>
                    {r.consultation && r.consultation !== r.itemId && labels[r.consultation] && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('consult.audit.inConsultation', { consultation: labels[r.consultation] })}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
      </TableBody>
    </Table>
  );
}
