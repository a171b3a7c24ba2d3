import {
  Avatar,
  Box,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActBody } from '../../../kernel/act-contract';
import { USER_TOGGLES, useApp, useUserToggles, type ItemSectionProps } from '../../../client/module-api';
import type { CoreActs } from '../contract';

type NotifyPref = NonNullable<ActBody<CoreActs['contactNotify']>['notify']>;
/** The choices in the order the menu lists them (the contract's values). */
const NOTIFY = ['IMMEDIATE', 'DIGEST', 'NONE'] as const satisfies readonly NotifyPref[];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The top of the signed-in user's own User item (/i-{userId}): who they are, the display
 * toggles, and how their contact card is notified. The item's form follows below it (an item
 * section of core's, above the form: see item-sections.ts).
 */
export function ProfilePanel({ user }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { isOn, toggle } = useUserToggles();
  const qc = useQueryClient();
  const mine = useQuery({
    queryKey: ['contactNotify', user?.$id],
    queryFn: () => client.act('contactNotify', {}),
    enabled: !!user,
  });
  if (!user) return null;
  const name = user.name ?? user.email ?? user.$id;

  async function setNotify(contact: string, notify: NotifyPref) {
    try {
      const r = await client.act('contactNotify', { contact, notify });
      qc.setQueryData(['contactNotify', user?.$id], r);
      alerts.push({ type: 'success', key: 'people.saved' });
    } catch (e) {
      alerts.error(e);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="profile-heading" sx={{ m: 2, p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }} aria-hidden>
          {initials(name)}
        </Avatar>
        <Box>
          <Typography id="profile-heading" component="h2" variant="h6">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
      </Stack>
      <Typography component="h3" variant="subtitle1">
        {t('people.settings')}
      </Typography>
      <Stack sx={{ mb: 2 }}>
        {USER_TOGGLES.map((k) => (
          <FormControlLabel
            key={k}
            control={<Switch checked={isOn(k)} onChange={() => void toggle(k)} />}
            label={t(`userMenu.${k}`)}
          />
        ))}
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('people.notify')}
      </Typography>
      {mine.data?.contacts.length === 0 && (
        <Typography variant="body2">{t('people.notifyNoContact')}</Typography>
      )}
      <Stack spacing={2}>
        {(mine.data?.contacts ?? []).map((c) => {
          const org = c.orgs.map((o) => mine.data?.$labels[o] ?? o).join(', ');
          return (
            <TextField
              key={c.id}
              select
              size="small"
              sx={{ maxWidth: 360 }}
              label={t('people.notify')}
              helperText={org ? t('people.notifyHelp', { org }) : undefined}
              value={c.notify ?? ''}
              onChange={(e) => {
                const pref = NOTIFY.find((n) => n === e.target.value);
                if (pref) void setNotify(c.id, pref);
              }}
            >
              {NOTIFY.map((n) => (
                <MenuItem key={n} value={n}>
                  {t(`people.notifyValue.${n}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Stack>
    </Paper>
  );
}
