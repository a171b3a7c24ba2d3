import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { CopyLink } from './CopyLink';
import { OwnerSelect } from './OwnerSelect';

type Level = 'PRIVATE' | 'COMMUNITY';

export interface ShareViewDialogProps {
  item: Item;
  link: string;
  onChanged(item: Item): void;
  onClose(): void;
}

/**
 * Shares a saved view by its visibility: only me (PRIVATE), or the members of one of my
 * organisations (COMMUNITY, owned by that organisation), through an update of `$access`.
 */
export function ShareViewDialog({ item, link, onChanged, onClose }: ShareViewDialogProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const titleId = useId();
  const labelId = useId();
  const orgs = (user?.memberships ?? []).map((m) => m.org);
  const [level, setLevel] = useState<Level>(item.$access === 'PRIVATE' ? 'PRIVATE' : 'COMMUNITY');
  const [owner, setOwner] = useState<string>(item.owner ?? orgs[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [missingOwner, setMissingOwner] = useState(false);

  async function apply() {
    if (level === 'COMMUNITY' && !owner) {
      setMissingOwner(true);
      return;
    }
    setBusy(true);
    try {
      await client.request<Item>('update', {
        $id: item.$id,
        $version: item.$version,
        $access: level,
        ...(level === 'COMMUNITY' && owner !== item.owner ? { owner } : {}),
      });
      const fresh = await client.request<Item>(`readAllowed/${item.$id}`);
      onChanged(fresh);
      alerts.push({ type: 'success', key: 'search.share.done' });
      onClose();
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('search.share.title')}</DialogTitle>
      <DialogContent>
        <FormControl sx={{ mb: 2 }}>
          <FormLabel id={labelId}>{t('search.share.level')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={level}
            onChange={(e) => setLevel(e.target.value as Level)}
          >
            <FormControlLabel value="PRIVATE" control={<Radio />} label={t('search.share.PRIVATE')} />
            <FormControlLabel
              value="COMMUNITY"
              control={<Radio />}
              label={t('search.share.COMMUNITY')}
              disabled={orgs.length === 0}
            />
          </RadioGroup>
        </FormControl>
        {level === 'COMMUNITY' && orgs.length > 1 && (
          <OwnerSelect
            value={owner}
            onChange={(o) => {
              setOwner(o);
              setMissingOwner(false);
            }}
            label={t('search.share.org')}
            error={missingOwner}
            helperText={missingOwner ? t('errors.required') : undefined}
          />
        )}
        {level === 'COMMUNITY' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('search.share.note')}
          </Alert>
        )}
        <CopyLink link={link} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => void apply()} disabled={busy}>
          {t('app.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
