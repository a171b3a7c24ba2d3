import { Button, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, SectionFrame, useCell, type ItemSectionProps } from '../../../../client/module-api';
import { summaryOf } from './report-model';
import { ReportView } from './ReportView';
import { ShareSummaryDialog } from './ShareSummaryDialog';
import { useReports } from './useReports';

/**
 * The response's impact overlays, newest first: the latest in full (with "Share the summary with
 * the proponent", for those who may change the response), the earlier ones as a list.
 */
export function ImpactReportsSection({ item, editable }: ItemSectionProps) {
  const { t } = useTranslation();
  const cell = useCell();
  const reports = useReports(item.$id);
  const [sharing, setSharing] = useState(false);
  const list = reports.data ?? [];
  if (!reports.isSuccess || list.length === 0) return null;
  const [latest, ...older] = list;
  const owner = item.owner ?? null;
  return (
    <SectionFrame
      title={t('spatial.overlay.reports')}
      count={list.length}
      testId="overlay-section"
      action={
        editable ? (
          <Button size="small" variant="outlined" onClick={() => setSharing(true)}>
            {t('spatial.overlay.share')}
          </Button>
        ) : undefined
      }
    >
      <ReportView report={latest!} owner={owner} />
      {older.length > 0 && (
        <Stack sx={{ mt: 2 }}>
          <Divider />
          <Typography variant="overline" color="text.secondary" component="h3" sx={{ mt: 1 }}>
            {t('spatial.overlay.older')}
          </Typography>
          <List dense disablePadding>
            {older.map((r) => {
              const s = summaryOf(r.summary);
              const buffer = typeof r.buffer === 'number' ? r.buffer : 0;
              return (
                <ListItem key={r.$id} disableGutters>
                  <ListItemText
                    primary={
                      s && s.total > 0
                        ? t('spatial.overlay.headline', {
                            count: s.total,
                            buffer: buffer.toLocaleString(),
                            intersecting: s.intersecting,
                          })
                        : t('spatial.overlay.nothing', { buffer: buffer.toLocaleString() })
                    }
                    secondary={typeof r.computed === 'string' ? formatDate(r.computed) : undefined}
                    onClick={() => cell.open(`i-${r.$id}`)}
                    sx={{ cursor: 'pointer' }}
                  />
                </ListItem>
              );
            })}
          </List>
        </Stack>
      )}
      {sharing && <ShareSummaryDialog report={latest!} owner={owner} onClose={() => setSharing(false)} />}
    </SectionFrame>
  );
}
