import { Autocomplete, Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelationSearch } from '../../../../client/module-api';
import { AUDIT_FILTER_KINDS } from '../../audit';
import { kindKey, type AuditFilters } from './audit-model';

interface Props {
  filters: AuditFilters;
  onChange(f: AuditFilters): void;
  /** Labels the loaded rows brought (people and consultations already seen). */
  labels: Readonly<Record<string, string>>;
}

/** Person, kind, consultation and the date range; each change asks the first page again. */
export function AuditFilterBar({ filters, onChange, labels }: Props) {
  const { t } = useTranslation();
  const set = (k: keyof AuditFilters, v: string | null) => onChange({ ...filters, [k]: v ?? '' });
  const any = Object.values(filters).some((v) => !!v);
  return (
    <Box
      role="group"
      aria-label={t('consult.audit.filters')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
        alignItems: 'start',
      }}
    >
      <ItemPicker
        types={['User']}
        label={t('consult.audit.person')}
        value={filters.person ?? ''}
        onChange={(v) => set('person', v)}
        labels={labels}
      />
      <TextField
        select
        size="small"
        label={t('consult.audit.kind')}
        value={filters.kind ?? ''}
        onChange={(e) => set('kind', e.target.value)}
      >
        <MenuItem value="">{t('consult.audit.anyKind')}</MenuItem>
        {AUDIT_FILTER_KINDS.map((k) => {
          const { key, fallback } = kindKey(k);
          return (
            <MenuItem key={k} value={k}>
              {t(key, { defaultValue: fallback })}
            </MenuItem>
          );
        })}
      </TextField>
      <ItemPicker
        types={['Consultation']}
        label={t('consult.audit.consultation')}
        value={filters.consultation ?? ''}
        onChange={(v) => set('consultation', v)}
        labels={labels}
      />
      <TextField
        size="small"
        type="date"
        label={t('consult.audit.from')}
        helperText={t('consult.audit.datesHelp')}
        value={filters.from ?? ''}
        onChange={(e) => set('from', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('consult.audit.to')}
        value={filters.to ?? ''}
        onChange={(e) => set('to', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {any && (
        <Box>
          <Button onClick={() => onChange({})}>{t('consult.audit.clear')}</Button>
        </Box>
      )}
    </Box>
  );
}

/** A person or a consultation, found as one types (search, so only what the viewer may read). */
function ItemPicker(p: {
  types: readonly string[];
  label: string;
  helper?: string;
  value: string;
  onChange(id: string | null): void;
  labels: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const found = useRelationSearch(p.types, input);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = { ...p.labels, ...picked, ...found.labels };
  const options = p.value && !found.ids.includes(p.value) ? [p.value, ...found.ids] : found.ids;
  return (
    <Autocomplete
      size="small"
      options={options}
      value={p.value || null}
      filterOptions={(x) => x}
      getOptionLabel={(id) => names[id] ?? id}
      loading={found.loading}
      noOptionsText={found.tooShort ? t('consult.audit.noOptions') : undefined}
      onInputChange={(_, v, reason) => {
        if (reason === 'input') setInput(v);
      }}
      onChange={(_, id) => {
        if (id && names[id]) setPicked((m) => ({ ...m, [id]: names[id]! }));
        p.onChange(id);
      }}
      renderInput={(params) => <TextField {...params} label={p.label} helperText={p.helper} />}
    />
  );
}
