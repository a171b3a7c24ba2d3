import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ItemSectionProps,
  isRunning,
  taskStoreFor,
  useApp,
  useTasks,
} from '../../../../client/module-api';
import type { GedcomImportResult } from '../../gedcom-contract';
import GedcomExportButton from './GedcomExportButton';
import { GedcomReport } from './GedcomReport';

// On an Import of kind CM_GEDCOM: run the import of the file attached above (a background task
// whose progress shows here and in the tasks menu), then its report: what it made and every
// record skipped and why. The report is the Import's own (importResult), so it is there for
// anyone who opens the record later.

/**
 * The task each Import's run started in this tab, by Import id: the record re-renders and may
 * mount its sections again (an item push, a lazy section arriving) while the task runs.
 */
const started = new Map<string, string>();

export default function GedcomImportSection({ item, editable }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const store = taskStoreFor(client, alerts);
  const tasks = useTasks(store);
  const [key, setKeyState] = useState<string | null>(() => started.get(item.$id ?? '') ?? null);
  const setKey = (k: string) => {
    if (item.$id) started.set(item.$id, k);
    setKeyState(k);
  };
  const [fresh, setFresh] = useState<GedcomImportResult | null>(null);
  const headingId = useId();
  const statusId = useId();
  const task = key ? tasks.find((x) => x.key === key) : undefined;
  const running = !!task && isRunning(task);

  // The finished task's result is the report; the record's own copy follows with its next read.
  useEffect(() => {
    if (!task || running || task.errorKey || !task.resultURI) return;
    let live = true;
    void fetch(task.resultURI, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<GedcomImportResult>) : null))
      .then((r) => live && r && setFresh(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [task, running]);

  async function start() {
    try {
      setFresh(null);
      const task = await store.start('importGedcom', { import: item.$id! }, { ownErrors: true });
      setKey(task.key);
    } catch (e) {
      alerts.error(e);
    }
  }

  const result = fresh ?? (item.importResult as GedcomImportResult | undefined);
  const pct = Math.round(task?.percentageComplete ?? 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('research.gedcom.section')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('research.gedcom.help')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {editable && (
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={running}
            onClick={() => void start()}
          >
            {result ? t('research.gedcom.runAgain') : t('research.gedcom.run')}
          </Button>
        )}
        <GedcomExportButton />
      </Stack>
      {task && (
        <Box sx={{ my: 1 }} role="status" aria-live="polite">
          <Typography id={statusId} variant="body2">
            {task.errorKey
              ? t([`errors.${task.errorKey}`, 'research.gedcom.failed'])
              : running
                ? t('research.gedcom.progress', { pct })
                : t('research.gedcom.done')}
          </Typography>
          {running && <LinearProgress variant="determinate" value={pct} aria-labelledby={statusId} />}
        </Box>
      )}
      {result && <GedcomReport result={result} />}
    </Paper>
  );
}
