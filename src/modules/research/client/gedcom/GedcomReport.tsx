import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { GedcomImportResult, GedcomProblem } from '../../gedcom-contract';

// A GEDCOM import's report (stored on the Import as importResult): what it made, then every
// record it skipped and why, then the values it kept in a note instead of a field.

function Problems({ title, list, total }: { title: string; list: GedcomProblem[]; total: number }) {
  const { t } = useTranslation();
  if (!total) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {total > list.length && (
        <Typography variant="body2" color="text.secondary">
          {t('research.gedcom.report.firstOf', { shown: list.length, total })}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('research.gedcom.report.record')}</TableCell>
              <TableCell>{t('research.gedcom.report.line')}</TableCell>
              <TableCell>{t('research.gedcom.report.why')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((p, i) => (
              <TableRow key={`${p.record}-${p.line}-${i}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{p.record}</TableCell>
                <TableCell>{p.line}</TableCell>
                <TableCell>
                  {t([`research.gedcom.problem.${p.key}`, p.key, 'research.gedcom.problem.other'], {
                    value: p.value ?? '',
                  })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

export function GedcomReport({ result }: { result: GedcomImportResult }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="gedcom-report">
      <Alert severity={result.skippedTotal ? 'warning' : 'success'} sx={{ mb: 1 }}>
        {t('research.gedcom.report.summary', {
          individuals: result.individuals,
          families: result.families,
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
          links: result.links,
          skipped: result.skippedTotal,
        })}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        {t('research.gedcom.report.file', {
          encoding: result.encoding || '?',
          version: result.version ?? '?',
        })}
      </Typography>
      <Problems
        title={t('research.gedcom.report.skipped')}
        list={result.skipped}
        total={result.skippedTotal}
      />
      <Problems
        title={t('research.gedcom.report.warnings')}
        list={result.warnings}
        total={result.warningsTotal}
      />
    </Box>
  );
}
