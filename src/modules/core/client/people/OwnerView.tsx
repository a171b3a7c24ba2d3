import DeleteIcon from '@mui/icons-material/PersonRemove';
import {
  Autocomplete,
  Box,
  Checkbox,
  Chip,
  IconButton,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ROLES, type Role } from '../../../../protocol/access-levels';
import { useManagedOrgs } from './useManagedOrgs';
import { useApp, useRelationSearch, useSession } from '../../../../client/module-api';

/** admin.owner: the organisations an orgAdmin manages, their members and roles (setMembership). */
export function OwnerView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const { orgs, labels, loading } = useManagedOrgs();
  const roles = useQuery({
    queryKey: ['rolesAvailable'],
    queryFn: async () => (await client.act('rolesAvailable', {})).roles,
    staleTime: Infinity,
  });
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
      <Typography variant="body2">{t('people.ownerIntro')}</Typography>
      {!loading && orgs.length === 0 && <Typography>{t('people.ownerNone')}</Typography>}
      {orgs.map((org) => (
        <OrgMembers key={org} org={org} name={labels[org] ?? org} roles={roles.data ?? []} />
      ))}
    </Box>
  );
}

const isRole = (r: string): r is Role => (ROLES as readonly string[]).includes(r);

function OrgMembers({ org, name, roles }: { org: string; name: string; roles: string[] }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const key = ['orgMembers', org];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => (await client.act('orgMembers', { org })).members,
  });
  const headingId = `members-${org}`;
  // People join by accepting an invitation; only site administrators enrol directly (setMembership).
  const { user } = useSession();
  const mayEnrol = user?.admin === true && !user.masquerading;

  async function setRoles(userId: string, next: string[]) {
    try {
      // Member rows carry the stored roles as strings; only known roles are sent.
      await client.act('setMembership', { userId, org, roles: next.filter(isRole) });
      alerts.push({ type: 'success', key: 'people.saved' });
    } catch (e) {
      alerts.error(e);
    }
    await qc.invalidateQueries({ queryKey: key });
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('people.members', { org: name })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('people.member')}</TableCell>
            <TableCell>{t('people.email')}</TableCell>
            <TableCell>{t('people.roles')}</TableCell>
            <TableCell>{t('people.account')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data ?? []).map((m) => (
            <TableRow key={m.userId}>
              <TableCell component="th" scope="row">
                <RouterLink to={`/i-${m.userId}`}>{m.label}</RouterLink>
              </TableCell>
              <TableCell>{m.email}</TableCell>
              <TableCell>
                <Select
                  multiple
                  size="small"
                  value={m.roles}
                  inputProps={{ 'aria-label': t('people.rolesOf', { name: m.label }) }}
                  onChange={(e) => {
                    const v = e.target.value;
                    const next = typeof v === 'string' ? v.split(',') : v;
                    if (next.length) void setRoles(m.userId, next);
                  }}
                  renderValue={(sel) => sel.map((r) => t(`people.role.${r}`, { defaultValue: r })).join(', ')}
                  sx={{ minWidth: 180 }}
                >
                  {roles.map((r) => (
                    <MenuItem key={r} value={r}>
                      <Checkbox size="small" checked={m.roles.includes(r)} tabIndex={-1} />
                      <ListItemText primary={t(`people.role.${r}`, { defaultValue: r })} />
                    </MenuItem>
                  ))}
                </Select>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={m.blocked ? 'error' : 'default'}
                  label={m.blocked ? t('people.blocked') : t('people.active')}
                />
              </TableCell>
              <TableCell align="right">
                <Tooltip title={t('people.removeMember', { name: m.label, org: name })}>
                  <IconButton
                    size="small"
                    aria-label={t('people.removeMember', { name: m.label, org: name })}
                    onClick={() => void setRoles(m.userId, [])}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
          {q.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('people.noMembers')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {mayEnrol ? (
        <AddMember
          onAdd={(userId) => void setRoles(userId, ['member'])}
          exclude={(q.data ?? []).map((m) => m.userId)}
        />
      ) : (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('people.addByInvitation')}
        </Typography>
      )}
    </Paper>
  );
}

function AddMember({ onAdd, exclude }: { onAdd(userId: string): void; exclude: string[] }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const found = useRelationSearch(['User'], input);
  const options = found.ids.filter((id) => !exclude.includes(id));
  return (
    <Autocomplete
      sx={{ mt: 2, maxWidth: 420 }}
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      onChange={(_, v) => {
        if (v) {
          onAdd(v);
          setInput('');
        }
      }}
      getOptionLabel={(id) => found.labels[id] ?? id}
      filterOptions={(x) => x}
      loading={found.loading}
      noOptionsText={found.tooShort ? t('people.addMemberHelp') : t('people.noUsers')}
      renderInput={(params) => <TextField {...params} size="small" label={t('people.addMember')} />}
    />
  );
}
