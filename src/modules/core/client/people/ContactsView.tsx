import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
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
import { Link as RouterLink } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import { useManagedOrgs } from './useManagedOrgs';
import { USER_STATES, type UserState } from '../../../../protocol/user-states';
import { userStateColor } from './user-states';
import {
  CreateItemDialog,
  type Item,
  itemType,
  readSearchReply,
  typeLabel,
  useApp,
  useCanCreate,
  useCell,
  useSession,
} from '../../../../client/module-api';

const CONTACT_MAX = 500;
type ContactItem = Item & {
  $userState?: UserState;
  firstName?: string;
  lastName?: string;
  email?: string;
  user?: string;
};

/**
 * admin.contacts: the contacts of the organisations the user manages, with their sign-in state
 * ($userState, computed by the server for orgAdmins) and an Invite / Resend button. The state
 * filter works on the loaded list (up to 500 contacts), not as a server facet.
 */
export function ContactsView() {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const { orgs, labels } = useManagedOrgs();
  const [state, setState] = useState<UserState | ''>('');
  const [busy, setBusy] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState<ContactItem | null>(null);
  // Blocking decides who may use the site at all: site administrators only (act/blockUser).
  const { user } = useSession();
  const mayBlock = user?.admin === true && !user.masquerading;
  // Creating here follows the Contact type's own rule (staff or higher), unlike my-contacts.
  const canCreate = useCanCreate('Contact');
  const contactType = itemType('Contact');
  const cell = useCell();
  const key = ['managedContacts', orgs];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => {
      const found = readSearchReply(
        await client.request('search/ids', {
          // The contacts related to these organisations, and those they keep (owner).
          must: { _t: ['Contact'] },
          subsShould: [{ must: { _related: orgs } }, { must: { owner: orgs } }],
          sort: [
            { key: 'lastName', order: 'asc' },
            { key: 'firstName', order: 'asc' },
          ],
          max: CONTACT_MAX,
        }),
      );
      if (found.ids.length === 0) return [];
      const got = await client.request<Record<string, ContactItem & { erred?: boolean }>>(
        'readMany/object',
        found.ids,
      );
      return found.ids.map((id) => got[id]).filter((i): i is ContactItem => !!i && !i.erred);
    },
    enabled: orgs.length > 0,
  });
  const contacts = useMemo(() => q.data ?? [], [q.data]);
  const counts = useMemo(() => {
    const c = new Map<UserState, number>();
    for (const x of contacts) if (x.$userState) c.set(x.$userState, (c.get(x.$userState) ?? 0) + 1);
    return c;
  }, [contacts]);
  const shown = state ? contacts.filter((c) => c.$userState === state) : contacts;

  async function invite(c: ContactItem) {
    setBusy(c.$id);
    try {
      await client.act('invite', { _t: 'Contact', _i: c._i });
      alerts.push({ type: 'success', key: 'people.invited', params: { email: c.email ?? '' } });
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(null);
    }
  }

  async function setBlocked(c: ContactItem, blocked: boolean) {
    setBusy(c.$id);
    try {
      // Offered only for contacts with an account (c.user), see the button below.
      await client.act('blockUser', { user: c.user ?? '', blocked });
      alerts.push({
        type: 'success',
        key: blocked ? 'people.blockedDone' : 'people.unblockedDone',
        params: { name: name(c) },
      });
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(null);
    }
  }

  const name = (c: ContactItem) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.$id;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t('people.contactsIntro')}</Typography>
      {/* A new contact here belongs to an organisation the user manages: none managed, none offered. */}
      {canCreate && contactType && orgs.length > 0 && (
        <Box>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('search.create.button', { type: typeLabel(t, 'Contact') })}
          </Button>
        </Box>
      )}
      {creating && contactType && (
        <CreateItemDialog
          type={contactType}
          onClose={() => setCreating(false)}
          onCreated={(item) => {
            setCreating(false);
            void qc.invalidateQueries({ queryKey: key });
            cell.open(`i-${item.$id}`);
          }}
        />
      )}
      <TextField
        select
        size="small"
        label={t('people.filterState')}
        value={state}
        onChange={(e) => setState(e.target.value as UserState | '')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="">{t('people.allStates', { count: contacts.length })}</MenuItem>
        {USER_STATES.filter((s) => counts.has(s)).map((s) => (
          <MenuItem key={s} value={s}>
            {t('people.stateCount', { state: t(`people.userState.${s}`), count: counts.get(s) ?? 0 })}
          </MenuItem>
        ))}
      </TextField>
      <Table size="small" aria-label={t('people.contactsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('people.name')}</TableCell>
            <TableCell>{t('people.email')}</TableCell>
            <TableCell>{t('people.organisations')}</TableCell>
            <TableCell>{t('people.state')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((c) => {
            const s = c.$userState;
            const resend = s === 'INVITED';
            const offer = !!s && (s === 'NONE' || s === 'NEVER' || s === 'INVITED');
            const related = Array.isArray(c._related) ? (c._related as string[]) : [];
            return (
              <TableRow key={c.$id}>
                <TableCell component="th" scope="row">
                  <RouterLink to={`/i-${c.$id}`}>{name(c)}</RouterLink>
                </TableCell>
                <TableCell>{c.email}</TableCell>
                <TableCell>{related.map((o) => c.$labels?.[o] ?? labels[o] ?? o).join(', ')}</TableCell>
                <TableCell>
                  {s && <Chip size="small" color={userStateColor(s)} label={t(`people.userState.${s}`)} />}
                </TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
                    {mayBlock && c.user && s && s !== 'NONE' && c.user !== user?.$id && (
                      <Button
                        size="small"
                        color={s === 'BLOCKED' ? 'primary' : 'error'}
                        disabled={busy === c.$id}
                        aria-label={t(s === 'BLOCKED' ? 'people.unblockTo' : 'people.blockTo', {
                          name: name(c),
                        })}
                        onClick={() => (s === 'BLOCKED' ? void setBlocked(c, false) : setConfirmBlock(c))}
                      >
                        {t(s === 'BLOCKED' ? 'people.unblock' : 'people.block')}
                      </Button>
                    )}
                    {offer && (
                      <Button
                        size="small"
                        variant={resend ? 'outlined' : 'contained'}
                        disabled={!c.email || busy === c.$id}
                        title={c.email ? undefined : t('people.noEmail')}
                        aria-label={t(resend ? 'people.resendTo' : 'people.inviteTo', { name: name(c) })}
                        onClick={() => void invite(c)}
                      >
                        {resend ? t('people.resend') : t('people.invite')}
                      </Button>
                    )}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
          {q.isSuccess && shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('people.contactsNone')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {confirmBlock && (
        <Dialog open onClose={() => setConfirmBlock(null)} aria-labelledby="block-title">
          <DialogTitle id="block-title">{t('people.blockTitle', { name: name(confirmBlock) })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('people.blockExplain', { name: name(confirmBlock) })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmBlock(null)}>{t('adminScreens.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                const c = confirmBlock;
                setConfirmBlock(null);
                void setBlocked(c, true);
              }}
            >
              {t('people.block')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
