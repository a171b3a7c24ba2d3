import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Item, type UserSession } from '../../../../client/module-api';
import type { ConsultAct } from '../../lifecycle';
import { SearchPicker, type PickerValue } from '../common/SearchPicker';
import { movesFor } from './movers';

/**
 * The lifecycle moves this user may make now (lifecycle.ts's table and their rights), as
 * buttons; Mark incomplete, Distribute, Withdraw, Submit and Close open a dialog first. The
 * record follows the change live (the item's push), so nothing is reloaded here.
 */
export function LifecycleBar({ item, user }: { item: Item; user: UserSession | null }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const moves = movesFor(item, user);
  const [open, setOpen] = useState<ConsultAct | null>(null);
  const [busy, setBusy] = useState(false);
  if (!moves.length) return null;

  const consultation = item.$id;
  // `send` is the act itself, through the typed client.act, so each body is checked.
  async function run(act: ConsultAct, send: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    try {
      await send();
      alerts.push({ type: 'success', key: `consult.moves.done.${act}` });
      setOpen(null);
      return true;
    } catch (e) {
      alerts.error(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Stack
        direction="row"
        role="group"
        aria-label={t('consult.moves.label')}
        sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}
      >
        {moves.map((m) => (
          <Button
            key={m}
            size="small"
            data-move={m}
            disabled={busy}
            variant={m === 'cnsWithdraw' ? 'outlined' : 'contained'}
            color={m === 'cnsWithdraw' ? 'error' : 'primary'}
            // Review changes nothing irreversible: it goes at once; the other moves ask first.
            onClick={() =>
              m === 'cnsReview' ? void run(m, () => client.act('cnsReview', { consultation })) : setOpen(m)
            }
          >
            {t(`consult.moves.${m}`)}
          </Button>
        ))}
      </Stack>
      {open === 'cnsSubmit' && (
        <SubmitDialog
          item={item}
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={() => run('cnsSubmit', () => client.act('cnsSubmit', { consultation }))}
        />
      )}
      {open === 'cnsMarkIncomplete' && (
        <TextDialog
          title={t('consult.moves.incompleteTitle')}
          intro={t('consult.moves.incompleteIntro')}
          label={t('consult.moves.message')}
          required
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={(message) =>
            run('cnsMarkIncomplete', () => client.act('cnsMarkIncomplete', { consultation, message }))
          }
        />
      )}
      {open === 'cnsWithdraw' && (
        <TextDialog
          title={t('consult.moves.withdrawTitle')}
          intro={t('consult.moves.withdrawIntro')}
          label={t('consult.moves.reason')}
          danger
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={(reason) =>
            run('cnsWithdraw', () =>
              client.act('cnsWithdraw', { consultation, ...(reason ? { reason } : {}) }),
            )
          }
        />
      )}
      {open === 'cnsDistribute' && (
        <DistributeDialog
          item={item}
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={(communities) =>
            run('cnsDistribute', () => client.act('cnsDistribute', { consultation, communities }))
          }
        />
      )}
      {open === 'cnsClose' && (
        <ConfirmDialog
          text={t('consult.moves.closeConfirm')}
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={() => run('cnsClose', () => client.act('cnsClose', { consultation }))}
        />
      )}
    </>
  );
}

interface DialogBase {
  busy: boolean;
  onClose(): void;
}

function ConfirmDialog({ text, busy, onClose, onConfirm }: DialogBase & { text: string; onConfirm(): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-describedby={id}>
      <DialogContent>
        <DialogContentText id={id}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={onConfirm} autoFocus>
          {t('consult.moves.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SubmitDialog({ item, busy, onClose, onConfirm }: DialogBase & { item: Item; onConfirm(): void }) {
  const { t } = useTranslation();
  const to = typeof item.submittedTo === 'string' ? item.submittedTo : null;
  if (!to)
    return (
      <Dialog open onClose={onClose}>
        <DialogContent>
          <Alert severity="warning">{t('consult.moves.submitNeedsCommunity')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus>
            {t('app.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <ConfirmDialog
      text={t('consult.moves.submitConfirm', {
        name: String(item.projectName ?? ''),
        community: item.$labels?.[to] ?? '',
      })}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}

function TextDialog({
  title,
  intro,
  label,
  required,
  danger,
  busy,
  onClose,
  onConfirm,
}: DialogBase & {
  title: string;
  intro: string;
  label: string;
  required?: boolean;
  danger?: boolean;
  onConfirm(text: string): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (required && !text.trim()) return setMissing(true);
          void onConfirm(text.trim());
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={label}
            required={required}
            value={text}
            error={missing}
            helperText={missing ? t('errors.required') : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(false);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DistributeDialog({
  item,
  busy,
  onClose,
  onConfirm,
}: DialogBase & { item: Item; onConfirm(communities: string[]): Promise<boolean> }) {
  const { t } = useTranslation();
  const titleId = useId();
  // The community that received it is the first to respond: chosen by default.
  const owner = item.owner;
  const [value, setValue] = useState<PickerValue>(
    owner ? { ids: [owner], labels: { [owner]: item.$labels?.[owner] ?? owner } } : { ids: [], labels: {} },
  );
  const [missing, setMissing] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!value.ids.length) return setMissing(true);
          void onConfirm(value.ids);
        }}
      >
        <DialogTitle id={titleId}>{t('consult.moves.distributeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('consult.moves.distributeIntro')}</DialogContentText>
          <SearchPicker
            multiple
            required
            label={t('consult.moves.communities')}
            must={{ _t: ['Organization'], type: ['COMMUNITY'] }}
            value={value}
            error={missing ? t('errors.required') : undefined}
            onChange={(v) => {
              setValue(v);
              setMissing(false);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('consult.moves.cnsDistribute')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
