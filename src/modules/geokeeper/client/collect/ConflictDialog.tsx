import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../../../client/module-api';
import type { FormDefinition } from '../../form/definition';
import { walkFields } from '../../form/definition';
import type { LocalRecord, OfflineDb } from '../offline/db';
import { useLive } from '../offline/live';
import { fieldsOf, heldChanges } from '../offline/sync-changes';
import { resolveConflict } from '../offline/sync';
import { runSync } from '../offline/sync-runner';

// A conflict, shown: the record as this phone holds it beside the server's, field by field
// where they differ. Nothing was overwritten; the person keeps theirs (sent again at the
// server's new version) or takes the server's.

function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(', ');
  const g = v as { type?: string; coordinates?: unknown };
  if (g.type === 'Point' && Array.isArray(g.coordinates))
    return (g.coordinates as number[])
      .slice(0, 2)
      .reverse()
      .map((n) => n.toFixed(5))
      .join(', ');
  return JSON.stringify(v);
}

export function ConflictDialog({
  db,
  record,
  onClose,
}: {
  db: OfflineDb;
  record: LocalRecord;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [busy, setBusy] = useState(false);
  const form = useLive(() => db.forms.get(record.formDef), [db, record.formDef]);
  const labels = new Map<string, string>();
  const def = form?.item.definition as FormDefinition | undefined;
  if (def)
    walkFields(def.fields, (f, path) => labels.set(`formInstance.formData.${path.join('.')}`, f.label));
  const theirs = record.conflict ? fieldsOf(record.conflict.current) : record.fields;
  const rows = heldChanges(theirs, record.fields).map((c) => {
    const name = c.path.startsWith('formInstance.formData.')
      ? c.path.slice('formInstance.formData.'.length)
      : c.path;
    const their = c.path.startsWith('formInstance.formData.')
      ? theirs.formData[name]
      : (theirs as unknown as Record<string, unknown>)[c.path];
    return {
      path: c.path,
      label: labels.get(c.path) ?? t(`types.GeoKeeperFieldData.${c.path}`, { defaultValue: name }),
      mine: show(c.value),
      theirs: show(their),
    };
  });
  const choose = async (choice: 'mine' | 'theirs') => {
    setBusy(true);
    try {
      await resolveConflict(db, record.localId, choice);
      onClose();
      void runSync(db, client);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="gk-conflict-title">
      <DialogTitle id="gk-conflict-title">
        {t('geokeeper.sync.conflict.title')}: {record.fields.customLabel || record.label}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('geokeeper.sync.conflict.body')}</DialogContentText>
        <Table size="small" aria-label={t('geokeeper.sync.conflict.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('geokeeper.sync.conflict.field')}</TableCell>
              <TableCell>{t('geokeeper.sync.conflict.mine')}</TableCell>
              <TableCell>{t('geokeeper.sync.conflict.theirs')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.path}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.mine}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.theirs}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('geokeeper.collect.close')}
        </Button>
        <Button variant="outlined" size="large" disabled={busy} onClick={() => void choose('theirs')}>
          {t('geokeeper.sync.conflict.takeTheirs')}
        </Button>
        <Button variant="contained" size="large" disabled={busy} onClick={() => void choose('mine')}>
          {t('geokeeper.sync.conflict.keepMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
