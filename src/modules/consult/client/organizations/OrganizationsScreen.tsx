import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel, useCell, useSession, type ViewProps } from '../../../../client/module-api';
import { ROLES, roleRank, type Role } from '../../../../protocol/access-levels';
import { consultViews, ORGANIZATIONS_VIEW } from '../../views';
import { ContactDialog } from './ContactDialog';
import { RecordOrganizationDialog } from './RecordOrganizationDialog';

type Screen = Parameters<typeof SearchPanel>[0]['screen'];

/** The organisations list, as a list view would show it, under the view's name and title. */
const SCREEN: Screen = {
  name: ORGANIZATIONS_VIEW,
  titleKey: consultViews.find((v) => v.name === ORGANIZATIONS_VIEW)!.titleKey,
  types: ['Organization'],
  defaultSort: [{ key: 'displayName', order: 'asc' }],
  displayAs: 'TABLE',
  dateKey: '_c.ts',
};

/** The organisations where this user is staff or higher (their community, for ConsultRespond holders). */
export function staffOrgs(user: ReturnType<typeof useSession>['user']): string[] {
  return (user?.memberships ?? [])
    .filter((m) =>
      m.roles.some(
        (r) => (ROLES as readonly string[]).includes(r) && roleRank(r as Role) >= roleRank('staff'),
      ),
    )
    .map((m) => m.org);
}

/**
 * The organisations a consultation desk deals with, plus "Record an organisation" for community
 * staff (act cnsCreateOrganization; core leaves creating organisations to admins) and then a
 * first contact of it (an ordinary Contact, owned by their community, related to the new org).
 */
export function OrganizationsScreen({ param }: ViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const cell = useCell();
  const [dialog, setDialog] = useState<'org' | { contactOf: string; label: string } | null>(null);
  const mine = staffOrgs(user);
  const may = user?.admin === true || (user?.capabilities.ConsultRespond === true && mine.length > 0);
  return (
    <Box>
      {may && (
        <Box sx={{ px: 2, pt: 2 }}>
          <Button
            size="small"
            variant="contained"
            startIcon={<AddBusinessIcon />}
            onClick={() => setDialog('org')}
          >
            {t('consult.org.record')}
          </Button>
        </Box>
      )}
      <SearchPanel screen={SCREEN} text={param ?? ''} />
      {dialog === 'org' && (
        <RecordOrganizationDialog
          onClose={() => setDialog(null)}
          onCreated={(id, label, addContact) => {
            setDialog(addContact ? { contactOf: id, label } : null);
            if (!addContact) cell.open(`i-${id}`);
          }}
        />
      )}
      {dialog && dialog !== 'org' && (
        <ContactDialog
          org={dialog.contactOf}
          orgLabel={dialog.label}
          owners={mine}
          onClose={() => setDialog(null)}
          onCreated={(id) => {
            setDialog(null);
            cell.open(`i-${id}`);
          }}
        />
      )}
    </Box>
  );
}
