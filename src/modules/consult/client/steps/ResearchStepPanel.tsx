import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useItemLabels, useRelationSearch, type StepPanelProps } from '../../../../client/module-api';
import { RESEARCH_SOURCES, type ResearchCheck, type ResearchSource } from '../../contract-research';
import { asRefusal, errorKey } from '../response/consult-acts';
import { CompleteStep } from './CompleteStep';

/** A saved line as the reader gets it: links they may not read are counted, never named. */
type Line = ResearchCheck & { hidden?: number };

function linesOf(v: unknown): Line[] {
  const saved = Array.isArray(v) ? (v as Line[]) : [];
  return RESEARCH_SOURCES.map(
    (source) => saved.find((l) => l.source === source) ?? { source, checked: false },
  );
}

/** The records a line links to: found as the reader types, named by their labels. */
function LinksField(props: {
  source: ResearchSource;
  value: string[];
  disabled: boolean;
  onChange(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const found = useRelationSearch(undefined, input);
  // Read as the reader: a record they may not read is never named in a line.
  const known = useItemLabels(props.value);
  const nameOf = (id: string) => found.labels[id] ?? known[id] ?? t('item.someone');
  const sourceName = t(`consult.research.sources.${props.source}`);
  return (
    <Autocomplete
      multiple
      size="small"
      options={found.ids}
      value={props.value}
      disabled={props.disabled}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      onChange={(_, v) => props.onChange(v)}
      getOptionLabel={nameOf}
      filterOptions={(x) => x}
      loading={found.loading}
      noOptionsText={found.tooShort ? t('consult.research.typeToFind') : t('consult.research.noneFound')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('consult.research.links', { source: sourceName })}
          helperText={t('consult.research.linksHelp')}
        />
      )}
    />
  );
}

/**
 * RWF_RESEARCH: the checklist of the sources checked (archive, field data, land use, Elders),
 * each ticked, with a note of what was found and links to the records that hold it
 * (rwfResearchSave keeps only links every reader of the response may read). Saved on the
 * response; the step completes once every source is checked.
 */
export function ResearchStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const saved = useMemo(() => linesOf(item.research), [item.research]);
  const [lines, setLines] = useState<Line[]>(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A save (here or elsewhere) arrives with the item: the form shows what is stored.
  useEffect(() => setLines(saved), [saved]);
  const dirty = JSON.stringify(lines) !== JSON.stringify(saved);
  const done = lines.filter((l) => l.checked).length;

  const patch = (source: ResearchSource, p: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.source === source ? { ...l, ...p } : l)));

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await client.act('rwfResearchSave', {
        response: item.$id,
        checks: lines.map(({ source, checked, note, found }) => ({
          source,
          checked,
          ...(note?.trim() ? { note } : {}),
          ...(found?.length ? { found } : {}),
        })),
      });
      alerts.push({ type: 'success', key: 'consult.research.saved' });
    } catch (e) {
      // A link refused (checks.<i>.found.<j>) is one more restricted than the response.
      const path = asRefusal(e)?.fields[0]?.path ?? '';
      setError(/^checks\.\d+\.found\./.test(path) ? 'consult.research.linkRestricted' : errorKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_RESEARCH">
      <Typography variant="body2" color="text.secondary">
        {t('consult.step.researchHelp')}
      </Typography>
      <Typography variant="subtitle2" component="h4">
        {t('consult.research.title')}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {t('consult.research.progress', { done, total: lines.length })}
        </Typography>
      </Typography>
      <Stack component="ul" sx={{ gap: 1.5, m: 0, p: 0, listStyle: 'none' }}>
        {lines.map((l) => {
          const sourceName = t(`consult.research.sources.${l.source}`);
          return (
            <Box
              component="li"
              key={l.source}
              sx={{
                display: 'grid',
                gap: 1,
                borderLeft: 3,
                borderColor: l.checked ? 'success.main' : 'divider',
                pl: 1.5,
              }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    checked={l.checked}
                    disabled={!editable || busy}
                    onChange={(e) => patch(l.source, { checked: e.target.checked })}
                  />
                }
                label={t('consult.research.checked', { source: sourceName })}
              />
              <TextField
                size="small"
                multiline
                minRows={1}
                label={t('consult.research.note', { source: sourceName })}
                value={l.note ?? ''}
                disabled={!editable || busy}
                onChange={(e) => patch(l.source, { note: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
              <LinksField
                source={l.source}
                value={l.found ?? []}
                disabled={!editable || busy}
                onChange={(found) => patch(l.source, { found })}
              />
              {!!l.hidden && (
                <Typography variant="caption" color="text.secondary">
                  {t('consult.research.hidden', { count: l.hidden })}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      {error && (
        <Alert severity="error" role="alert">
          {t(error)}
        </Alert>
      )}
      {editable && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" disabled={busy || !dirty} onClick={() => void save()}>
            {t('consult.research.save')}
          </Button>
          {dirty && (
            <Typography variant="caption" color="text.secondary">
              {t('consult.research.unsaved')}
            </Typography>
          )}
          <CompleteStep item={item} step={step} disabled={dirty} />
        </Stack>
      )}
    </Stack>
  );
}
