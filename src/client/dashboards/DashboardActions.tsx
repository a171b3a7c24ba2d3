import AddIcon from '@mui/icons-material/Add';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardAction, DashboardHelp } from '../../kernel/dashboard';
import { docPage } from '../docs/doc-pages';
import { useApp, useSession } from '../state/app-context';
import { passesViewGate } from './gate';
import { itemType } from '../items/item-label';
import { CreateItemDialog } from '../search/CreateItemDialog';
import { useCanCreate } from '../search/useCanCreate';
import { useCreateDialog } from '../search/useCreateDialog';
import { useCell } from '../shell/cell-api';

/** A dashboard's actions beside its title (kernel/dashboard.ts DashboardAction). */
export function DashboardActions({ actions }: { actions: readonly DashboardAction[] }) {
  return (
    <>
      {actions.map((a) => (
        <CreateAction key={a.id} action={a} />
      ))}
    </>
  );
}

/** The dashboard's help page for this person (the first whose gate they pass), by its title. */
export function DashboardHelpLink({ help }: { help: readonly DashboardHelp[] }) {
  const { t } = useTranslation();
  const { config } = useApp();
  const { user } = useSession();
  const h = help.find((x) => passesViewGate(user, x));
  const page = h ? docPage(h.doc, config) : undefined;
  if (!page) return null;
  return (
    <Button size="small" component={RouterLink} to={`/docs/${page.key}`} startIcon={<HelpOutlineIcon />}>
      {t(page.titleKey)}
    </Button>
  );
}

/** Create an item of the action's type: offered only to those who may; the new item opens. */
function CreateAction({ action }: { action: DashboardAction }) {
  const { t } = useTranslation();
  const cell = useCell();
  const may = useCanCreate(action.createType);
  const Own = useCreateDialog(action.createType);
  const type = itemType(action.createType);
  const [open, setOpen] = useState(false);
  if (!may || !type) return null;
  const created = (id: string) => {
    setOpen(false);
    cell.open(`i-${id}`);
  };
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="dialog"
        data-action={action.id}
        onClick={() => setOpen(true)}
      >
        {t(action.labelKey)}
      </Button>
      {open &&
        Own !== undefined &&
        (Own ? (
          <Suspense fallback={null}>
            <Own type={type} onCreated={(item) => created(item.$id)} onClose={() => setOpen(false)} />
          </Suspense>
        ) : (
          <CreateItemDialog
            type={type}
            onCreated={(item) => created(item.$id)}
            onClose={() => setOpen(false)}
          />
        ))}
    </>
  );
}
