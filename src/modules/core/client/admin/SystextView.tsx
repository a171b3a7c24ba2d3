import {
  Alert,
  Box,
  Button,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_RE } from '../../../../protocol/locale-keys';
import { bundleMessages, changedValues, filterRows } from './systext-model';
import { allModuleStrings, en, enScreens, RequestError, useApp } from '../../../../client/module-api';

const PAGE = 50;

/**
 * admin.systext: the interface's wording per language. Every English key with its text and the
 * override; saving stores the changes for every node, and open pages in that language take them.
 */
export function SystextView() {
  const { t, i18n } = useTranslation();
  const { client, alerts, config } = useApp();
  const qc = useQueryClient();
  const [langInput, setLangInput] = useState(i18n.language || 'en');
  const [language, setLanguage] = useState(i18n.language || 'en');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The client's bundles, the modules' titles of their entries (from the page's config) and every
  // module's own strings (their halves load for this screen).
  const modules = useQuery({ queryKey: ['systext-bundles'], queryFn: allModuleStrings, staleTime: Infinity });
  const rows = useMemo(
    () => bundleMessages(en, enScreens, config.titles ?? {}, ...(modules.data ?? [])),
    [config.titles, modules.data],
  );
  const q = useQuery({
    queryKey: ['systext', language],
    queryFn: () => client.act('systextGet', { language }),
  });
  const saved = q.data?.overrides ?? {};
  const files = q.data?.fileOverrides ?? {};
  const current = (k: string) => edits[k] ?? saved[k] ?? '';
  const shown = filterRows(rows, filter, current);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const changes = changedValues(edits, saved);
  const dirty = Object.keys(changes).length;
  const langValid = LANGUAGE_RE.test(langInput);

  const save = async () => {
    setSaving(true);
    try {
      const r = await client.act('systextSave', { language, values: changes });
      alerts.push({ type: 'success', key: 'adminScreens.systext.saved', params: { count: r.saved } });
      setEdits({});
      await qc.invalidateQueries({ queryKey: ['systext', language] });
    } catch (e) {
      alerts.error(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adminScreens.systext.intro')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={t('adminScreens.systext.language')}
          value={langInput}
          onChange={(e) => setLangInput(e.target.value.trim())}
          error={!langValid}
          helperText={
            langValid ? t('adminScreens.systext.languageHelp') : t('adminScreens.systext.languageInvalid')
          }
        />
        <Button
          variant="outlined"
          disabled={!langValid || langInput === language}
          onClick={() => {
            setLanguage(langInput);
            setEdits({});
            setPage(1);
          }}
        >
          {t('adminScreens.systext.open')}
        </Button>
        <TextField
          size="small"
          type="search"
          label={t('adminScreens.systext.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
          sx={{ flex: 1 }}
        />
        <Button variant="contained" disabled={dirty === 0 || saving} onClick={() => void save()}>
          {t('adminScreens.systext.save', { count: dirty })}
        </Button>
      </Stack>
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(q.error instanceof RequestError ? `errors.${q.error.userMessage}` : 'errors.generalFailure')}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
        {t('adminScreens.systext.count', { shown: shown.length, total: rows.length, language })}
      </Typography>
      <Table size="small" aria-label={t('adminScreens.systext.table', { language })}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '25%' }}>{t('adminScreens.systext.key')}</TableCell>
            <TableCell sx={{ width: '35%' }}>{t('adminScreens.systext.english')}</TableCell>
            <TableCell>{t('adminScreens.systext.override')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.slice((page - 1) * PAGE, page * PAGE).map(([key, english]) => (
            <TableRow key={key}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {key}
              </TableCell>
              <TableCell>{english}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  fullWidth
                  multiline
                  maxRows={4}
                  value={current(key)}
                  placeholder={files[key] ?? ''}
                  onChange={(e) => setEdits((m) => ({ ...m, [key]: e.target.value }))}
                  slotProps={{ htmlInput: { 'aria-label': t('adminScreens.systext.overrideFor', { key }) } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          getItemAriaLabel={(kind, p, selected) =>
            kind === 'page'
              ? t(selected ? 'search.page.current' : 'search.page.goTo', { page: p })
              : t(`search.page.${kind}`)
          }
        />
      )}
    </Box>
  );
}
