import { Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOfflineDb } from '../offline/user-db';
import { useAutoSync } from '../offline/sync-runner';
import { COLLECT_VIEW } from '../../views';
import { SyncStatus } from './SyncStatus';

/** The sync status on "My field data": what this phone still holds, with Retry. */
export function MyDataSync({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { db } = useOfflineDb();
  useAutoSync(db);
  if (!db) return null;
  return (
    <Box sx={{ width: '100%', flexBasis: '100%' }}>
      <SyncStatus db={db} compact={compact} />
      <Link component={RouterLink} to={`/${COLLECT_VIEW}`} sx={{ display: 'inline-block', mt: 0.5 }}>
        {t('geokeeper.sync.openCollect')}
      </Link>
    </Box>
  );
}
