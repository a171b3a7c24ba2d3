import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../state/app-context';
import { useItem } from '../state/items';
import { rememberItem } from '../state/recent';
import { RequestError } from '../state/request-error';
import { ResultNavBar } from '../search/ResultNavBar';
import { useCell } from '../shell/cell-api';
import { itemLabel, itemType } from './item-label';
import { ItemForm } from './ItemForm';
import { itemMenuOf } from './item-menu';
import { itemSectionsOf, sectionsFor, useTypeModules } from './item-sections';

export interface ItemCellProps {
  itemId: string;
  /** The optional ~context suffix of the cell key. */
  context: string | null;
  /** This cell's route parameter (c{n}). */
  param: string | null;
}

/**
 * An item cell (spec core §2): reads the item with its permissions and shows the generic form
 * of its type. A notAllowed read without a signed-in user goes to sign-in and comes back.
 * Opened from a result list, it offers previous/next above the form.
 */
export function ItemCell(props: ItemCellProps) {
  return (
    <>
      <ResultNavBar />
      <ItemCellBody {...props} />
    </>
  );
}

function ItemCellBody({ itemId }: ItemCellProps) {
  const { t } = useTranslation();
  const q = useItem(itemId);
  const { user, resolved } = useSession();
  const { setTitle } = useCell();
  const navigate = useNavigate();
  const location = useLocation();
  // Without `$allowed` (a copy from a list read) the form cannot tell whether it may edit.
  const item = q.data?.$allowed ? q.data : undefined;
  const failure = q.error ? (q.error instanceof RequestError ? q.error.userMessage : 'generalFailure') : null;
  const label = item ? itemLabel(item) : null;
  const loaded = item !== undefined;
  // The client halves with this type's sections, menu entries and editors (and core's).
  const halves = useTypeModules(item?._t);

  useEffect(() => {
    if (label !== null) setTitle(label);
    else if (failure === 'notFound') setTitle(t('app.invalid'));
    else if (failure) setTitle(itemId);
    else setTitle(t('item.loading'));
  }, [label, failure, itemId, setTitle, t]);

  const me = user?.$id;
  useEffect(() => {
    if (loaded && me) rememberItem(me, itemId);
  }, [loaded, itemId, me]);

  // Signed out, every item that is not public answers as missing (docs/access-model.md "What an
  // outsider is told"): signing in may open it, so both refusals lead there.
  const mustSignIn = (failure === 'notAllowed' || failure === 'notFound') && resolved && !user;
  useEffect(() => {
    if (mustSignIn)
      void navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
  }, [mustSignIn, navigate, location.pathname, location.search]);

  if (item) {
    const type = itemType(item._t);
    if (!type)
      return (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('item.unknownType', { type: item._t })}
        </Alert>
      );
    if (halves.ready) {
      const sections = sectionsFor(itemSectionsOf(halves.modules), item, type, user);
      const menu = itemMenuOf(halves.modules);
      return <ItemForm key={item.$id} item={item} type={type} sections={sections} menu={menu} />;
    }
  } else if (failure) {
    const key =
      failure === 'notFound'
        ? 'item.notFound'
        : failure === 'notAllowed'
          ? 'item.notAllowed'
          : `errors.${failure}`;
    return (
      <Alert
        severity={failure === 'notFound' || failure === 'notAllowed' ? 'warning' : 'error'}
        sx={{ m: 2 }}
        action={
          failure === 'notFound' || failure === 'notAllowed' ? undefined : (
            <Button color="inherit" size="small" onClick={() => void q.refetch()}>
              {t('item.retry')}
            </Button>
          )
        }
      >
        {t(key)}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('item.loading')} />
    </Box>
  );
}
