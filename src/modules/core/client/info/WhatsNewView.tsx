import { Box, Chip, Divider, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  Markdown,
  RELEASES,
  unseenReleases,
  useSession,
  useWhatsNew,
} from '../../../../client/module-api';

/** /whats-new: the notes of every version, newest first; opening it marks them seen. */
export function WhatsNewView() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { markSeen } = useWhatsNew();
  // What was new when the page opened stays marked while the person reads.
  const fresh = useRef(new Set(unseenReleases(user?.whatsNewViewed).map((r) => r.version)));
  const q = useQuery({
    queryKey: ['whatsNew'],
    queryFn: () => Promise.all(RELEASES.map((r) => r.load())),
    staleTime: Infinity,
  });
  useEffect(() => {
    void markSeen().catch(() => undefined);
  }, [markSeen]);
  return (
    <Box sx={{ p: 2, maxWidth: 860 }}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('adminScreens.whatsNew.intro')}{' '}
        <Link component={RouterLink} to="/docs">
          {t('adminScreens.docs.all')}
        </Link>
      </Typography>
      {RELEASES.map((r, i) => (
        <Fragment key={r.version}>
          {i > 0 && <Divider sx={{ my: 3 }} />}
          <Box component="section" aria-labelledby={`release-${r.version}`}>
            <Typography id={`release-${r.version}`} variant="h5" component="h2">
              {t('adminScreens.whatsNew.version', { version: r.version })}{' '}
              {fresh.current.has(r.version) && (
                <Chip size="small" color="primary" label={t('adminScreens.whatsNew.new')} sx={{ ml: 1 }} />
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDate(r.date)}
            </Typography>
            {q.data ? (
              <Markdown source={q.data[i] ?? ''} headingOffset={1} />
            ) : (
              <Typography>{t('adminScreens.loading')}</Typography>
            )}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
