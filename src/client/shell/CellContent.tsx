import { Box, CircularProgress } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { passesKeyCaps } from '../../kernel/key-caps';
import { gateRefusal } from '../../kernel/view-gate';
import { useApp, useSession } from '../state/app-context';
import { InvalidCellView } from '../views/InvalidCellView';
import { NoAccessView } from '../views/NoAccessView';
import { viewDef } from '../views/registry';
import type { Cell } from './cells';
import { LoadBoundary } from './LoadBoundary';
import { gateSubject } from './role-gate';
import { lazyScreen } from '../i18n/screen-strings';

// Item cells carry the form machinery; they load on first use to keep the main chunk small.
const ItemCell = lazyScreen(() => import('../items/ItemCell').then((m) => ({ default: m.ItemCell })));

export function CellContent({ cell }: { cell: Cell }) {
  const { config } = useApp();
  const { user } = useSession();
  if (cell.kind === 'invalid') return <InvalidCellView path={cell.path} />;
  if (cell.kind === 'item')
    return (
      <LoadBoundary>
        <Suspense fallback={<Loading />}>
          <ItemCell itemId={cell.itemId} context={cell.context} param={cell.param} />
        </Suspense>
      </LoadBoundary>
    );
  const def = viewDef(cell.view);
  // A view gated by a key capability this deployment lacks does not exist here, for anyone.
  if (!def || !passesKeyCaps(def, config.keyCaps)) return <InvalidCellView path={cell.segment} />;
  // The view's own gate, as the server checks it, before its code loads (signed out, the shell
  // has sent the user to sign in already).
  const refused = user && !def.public ? gateRefusal(gateSubject(user), def) : null;
  if (refused) return <NoAccessView why={refused} />;
  const View = def.component;
  return (
    <LoadBoundary>
      <Suspense fallback={<Loading />}>
        <View rest={cell.rest} param={cell.param} />
      </Suspense>
    </LoadBoundary>
  );
}

/** A part on its way (a screen's code, the session): a spinner with its name for screen readers. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
