import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from './meta-model';

/** A read-only dialog about an item (details, history): a title, its content and a Close button. */
export function InfoDialog(p: {
  title: string;
  maxWidth: 'sm' | 'md';
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={p.onClose} fullWidth maxWidth={p.maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{p.title}</DialogTitle>
      <DialogContent>{p.children}</DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>{t('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a server answer shows while it loads, when it failed, and when it holds nothing. */
export function QueryState(p: {
  q: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (p.q.isPending) return <CircularProgress size={20} aria-label={t('app.loading')} />;
  if (p.q.isError) return <Alert severity="error">{t(errorKey(p.q.error))}</Alert>;
  if (p.empty) return <Typography color="text.secondary">{p.emptyText}</Typography>;
  return <>{p.children}</>;
}
