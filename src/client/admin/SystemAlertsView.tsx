import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SystemAlert } from './system-alerts';

/** Side cards: 432 px wide, 84 px from the top (spec core §9). */
export const ALERT_CARD_WIDTH = 432;
export const ALERT_CARD_TOP = 84;

/**
 * The alerts themselves (spec core §2 overlays): modal ones as a dialog, one at a time; the others as
 * side cards that can be closed for the moment or dismissed for the session.
 */
export function SystemAlertsView({
  shown,
  close,
  dismiss,
}: {
  shown: SystemAlert[];
  close(id: string): void;
  dismiss(id: string): void;
}) {
  const { t } = useTranslation();
  const modal = shown.find((a) => a.modal);
  const cards = shown.filter((a) => !a.modal);
  return (
    <>
      {modal && (
        <Dialog
          open
          onClose={() => close(modal.$id)}
          aria-labelledby="sysalert-title"
          maxWidth="sm"
          fullWidth
        >
          <DialogTitle id="sysalert-title">{modal.title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>{modal.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => dismiss(modal.$id)}>{t('adminScreens.alerts.dismiss')}</Button>
            <Button variant="contained" onClick={() => close(modal.$id)} autoFocus>
              {t('adminScreens.alerts.ok')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {cards.length > 0 && (
        <Box
          component="aside"
          aria-label={t('adminScreens.alerts.region')}
          sx={{
            position: 'fixed',
            top: ALERT_CARD_TOP,
            right: 16,
            width: ALERT_CARD_WIDTH,
            maxWidth: 'calc(100vw - 32px)',
            zIndex: (th) => th.zIndex.snackbar,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
          }}
        >
          {cards.map((a) => (
            <Card key={a.$id} role="status" elevation={6} data-alert={a.$id}>
              <CardContent sx={{ pb: 0, position: 'relative', pr: 6 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {a.title}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {a.message}
                </Typography>
                <Tooltip title={t('adminScreens.alerts.close')}>
                  <IconButton
                    size="small"
                    aria-label={t('adminScreens.alerts.closeNamed', { title: a.title })}
                    onClick={() => close(a.$id)}
                    sx={{ position: 'absolute', top: 8, right: 8 }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </CardContent>
              <CardActions sx={{ justifyContent: 'flex-end' }}>
                <Button size="small" onClick={() => dismiss(a.$id)}>
                  {t('adminScreens.alerts.dismiss')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
    </>
  );
}
