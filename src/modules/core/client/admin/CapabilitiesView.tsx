import {
  Box,
  Checkbox,
  CircularProgress,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { capabilityNames } from '../../../../kernel/capabilities';
import { CORE_CAPABILITY } from '../../../../protocol/constants';
import { readSearchReply, useApp } from '../../../../client/module-api';

// admin.capabilities (spec core §3, issue 12 §6): which capabilities each organisation and user
// holds, as a grid of checkboxes. A toggle saves at once through act/setCapabilities and rolls
// back if the server refuses; members' sessions follow live (the server pushes them again).

const PAGE = 25;
const KINDS = { orgs: { type: 'Organization', sort: 'displayName' }, users: { type: 'User', sort: 'name' } };
type Kind = keyof typeof KINDS;

interface Row {
  id: string;
  label: string;
  capabilities: string[];
}

export function CapabilitiesView() {
  const { t } = useTranslation();
  const { config, client, alerts } = useApp();
  const [kind, setKind] = useState<Kind>('orgs');
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  // Saved and saving values by item, over what the page loaded.
  const [held, setHeld] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState<Record<string, string>>({});
  const caps = [...config.capabilities].sort((a, b) =>
    a === CORE_CAPABILITY ? -1 : b === CORE_CAPABILITY ? 1 : a.localeCompare(b),
  );

  const q = useQuery({
    queryKey: ['adminCapabilities', kind, text.trim(), page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { type, sort } = KINDS[kind];
      const words = text.trim();
      const reply = await client.request<{ total?: number }>('search/ids', {
        must: { _t: [type], ...(words ? { $text: [words] } : {}) },
        sort: [{ key: sort, order: 'asc' }],
        labels: true,
        max: PAGE,
        offset: page * PAGE,
      });
      const found = readSearchReply(reply);
      const items =
        found.ids.length === 0
          ? {}
          : await client.request<Record<string, { capabilities?: unknown; erred?: boolean }>>(
              'readMany/object',
              found.ids,
            );
      const rows: Row[] = found.ids
        .filter((id) => items[id] && !items[id].erred)
        .map((id) => ({
          id,
          label: found.labels[id] ?? id,
          capabilities: capabilityNames(items[id]!.capabilities),
        }));
      return { rows, total: typeof reply.total === 'number' ? reply.total : rows.length };
    },
  });

  async function toggle(row: Row, cap: string, on: boolean) {
    const before = held[row.id] ?? row.capabilities;
    const next = on ? [...before, cap] : before.filter((c) => c !== cap);
    setHeld((h) => ({ ...h, [row.id]: next }));
    setSaving((s) => ({ ...s, [row.id]: cap }));
    try {
      const r = await client.act('setCapabilities', { id: row.id, capabilities: next });
      setHeld((h) => ({ ...h, [r.$id]: r.capabilities }));
    } catch (e) {
      setHeld((h) => ({ ...h, [row.id]: before }));
      alerts.error(e);
    } finally {
      setSaving((s) => {
        const { [row.id]: _, ...rest } = s;
        return rest;
      });
    }
  }

  const rows = q.data?.rows ?? [];
  const kindLabel = t(`adminScreens.capabilities.${kind}`);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {t('adminScreens.capabilities.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          aria-label={t('adminScreens.capabilities.kind')}
          onChange={(_, v: Kind | null) => {
            if (!v) return;
            setKind(v);
            setPage(0);
          }}
        >
          <ToggleButton value="orgs">{t('adminScreens.capabilities.orgs')}</ToggleButton>
          <ToggleButton value="users">{t('adminScreens.capabilities.users')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="search"
          label={t('adminScreens.capabilities.search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(0);
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {q.isError ? (
        <Typography color="error" role="alert">
          {t('adminScreens.capabilities.loadFailed')}
        </Typography>
      ) : null}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={t('adminScreens.capabilities.table', { kind: kindLabel })}
          aria-busy={q.isFetching}
        >
          <TableHead>
            <TableRow>
              <TableCell
                component="th"
                scope="col"
                sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}
              >
                {kindLabel}
              </TableCell>
              {caps.map((c) => (
                <TableCell key={c} component="th" scope="col" align="center">
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const mine = held[row.id] ?? row.capabilities;
              const busy = saving[row.id];
              return (
                <TableRow key={row.id} hover data-item={row.id}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}
                  >
                    <RouterLink to={`/i-${row.id}`} style={{ color: 'inherit' }}>
                      {row.label}
                    </RouterLink>
                  </TableCell>
                  {caps.map((c) => {
                    const label = t('adminScreens.capabilities.toggle', { capability: c, name: row.label });
                    if (c === CORE_CAPABILITY)
                      return (
                        <TableCell key={c} align="center" padding="checkbox">
                          <Checkbox
                            checked
                            disabled
                            slotProps={{
                              input: {
                                'aria-label': t('adminScreens.capabilities.always', { name: row.label }),
                              },
                            }}
                          />
                        </TableCell>
                      );
                    return (
                      <TableCell key={c} align="center" padding="checkbox">
                        {busy === c ? (
                          <CircularProgress
                            size={20}
                            aria-label={t('adminScreens.capabilities.saving', { capability: c })}
                          />
                        ) : (
                          <Checkbox
                            checked={mine.includes(c)}
                            disabled={busy !== undefined}
                            onChange={(e) => void toggle(row, c, e.target.checked)}
                            slotProps={{ input: { 'aria-label': label } }}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
            {!q.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={caps.length + 1}>{t('adminScreens.capabilities.none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={q.data?.total ?? 0}
        page={page}
        rowsPerPage={PAGE}
        rowsPerPageOptions={[PAGE]}
        onPageChange={(_, p) => setPage(p)}
        labelDisplayedRows={({ from, to, count }) => t('adminScreens.capabilities.rows', { from, to, count })}
      />
    </Box>
  );
}
