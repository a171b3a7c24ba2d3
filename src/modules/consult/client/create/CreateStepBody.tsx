import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentsSection, propLabel, PropertyField, useSession } from '../../../../client/module-api';
import { SearchPicker } from '../common/SearchPicker';
import { ContactDialog } from '../organizations/ContactDialog';
import { staffOrgs } from '../organizations/OrganizationsScreen';
import { RecordOrganizationDialog } from '../organizations/RecordOrganizationDialog';
import { AreaStep } from './AreaStep';
import { ORG_KINDS, STEP_FIELDS, type CreateStep } from './create-model';
import { IntakeCheckStep } from './IntakeCheckStep';
import type { ConsultationCreate, PickKey } from './useConsultationCreate';

type OrgPick = 'primaryOrg' | 'supOrgs';
type Inline =
  { org: OrgPick } | { contactsOf: 'primaryContacts' | 'supContacts'; org: string; label: string };

const noop = () => undefined;

/** What one step of the guided create form shows: generic fields, pickers, the area, or files. */
export function CreateStepBody({ c }: { c: ConsultationCreate }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { type, errors, picks, created } = c;
  // Inline records (a small dialog over the form): organisations for a community's staff (act
  // cnsCreateOrganization, as the organisations screen records them), contacts for anyone who
  // is staff of an organisation (an ordinary create/Contact owned by it). The new one is picked.
  const [inline, setInline] = useState<Inline | null>(null);
  const owners = staffOrgs(user);
  const mayRecordOrg =
    user?.admin === true || (user?.capabilities.ConsultRespond === true && owners.length > 0);
  const mayAddContact = owners.length > 0;
  const add = (label: string, onClick: () => void, disabled = false) => (
    <Button
      size="small"
      startIcon={<AddIcon />}
      onClick={onClick}
      disabled={disabled}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
  const orgButton = (k: OrgPick) =>
    mayRecordOrg && add(t('consult.intake.newOrg'), () => setInline({ org: k }));
  const contactButton = (k: 'primaryContacts' | 'supContacts', org: string | undefined, orgLabel: string) =>
    mayAddContact &&
    add(
      t('consult.intake.newContact'),
      () => org && setInline({ contactsOf: k, org, label: orgLabel }),
      !org,
    );
  const addPick = (k: PickKey, id: string, label: string, multiple: boolean) => {
    const now = c.labelled(k);
    c.pick(k, {
      ids: multiple ? [...now.ids.filter((x) => x !== id), id] : [id],
      labels: { ...now.labels, [id]: label },
    });
  };

  const picker = (
    k: PickKey,
    must: Record<string, string[]>,
    opts: {
      multiple?: boolean;
      help?: string;
      required?: boolean;
      disabled?: boolean;
      after?: React.ReactNode;
    } = {},
  ) => (
    <Box data-field={k} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <SearchPicker
        id={`consult-create-${k}`}
        label={propLabel(t, type.name, k)}
        must={must}
        multiple={opts.multiple}
        required={opts.required}
        disabled={opts.disabled}
        value={c.labelled(k)}
        helperText={opts.help}
        error={errors[k] ? t(errors[k]!) : undefined}
        onChange={(v) => c.pick(k, v)}
      />
      {opts.after}
    </Box>
  );
  const fields = (s: CreateStep) =>
    STEP_FIELDS[s].map((n) => {
      const p = type.properties[n];
      return p ? (
        <PropertyField
          key={n}
          name={n}
          prop={p}
          item={c.blank}
          admin={c.admin}
          editable
          shaking={false}
          onOpen={noop}
        />
      ) : null;
    });

  const org = picks.primaryOrg.ids[0];
  const orgLabel = org ? (c.labelled('primaryOrg').labels[org] ?? '') : '';
  const supOrg = picks.supOrgs.ids.at(-1);
  const supLabel = supOrg ? (c.labelled('supOrgs').labels[supOrg] ?? '') : '';
  const body = (() => {
    switch (c.name) {
      case 'project':
      case 'dates':
      case 'details':
        return fields(c.name);
      case 'proponent':
        return (
          <>
            {picker(
              'primaryOrg',
              { _t: ['Organization'], type: [...ORG_KINDS.primaryOrg] },
              { required: true, after: orgButton('primaryOrg') },
            )}
            {c.contactsOptional && (
              <Alert severity="info" data-testid="consult-no-contacts">
                {t('consult.intake.noContacts', { org: orgLabel })}
              </Alert>
            )}
            {picker(
              'primaryContacts',
              { _t: ['Contact'], _related: org ? [org] : [] },
              {
                multiple: true,
                required: !c.contactsOptional,
                disabled: !org,
                help: c.contactsOptional
                  ? t('consult.intake.contactsOptional', { org: orgLabel })
                  : t('consult.create.contactsHelp'),
                after: contactButton('primaryContacts', org, orgLabel),
              },
            )}
          </>
        );
      case 'supporting':
        return (
          <>
            {picker(
              'supOrgs',
              { _t: ['Organization'], type: [...ORG_KINDS.supOrgs] },
              { multiple: true, after: orgButton('supOrgs') },
            )}
            {picker(
              'supContacts',
              { _t: ['Contact'], _related: picks.supOrgs.ids },
              {
                multiple: true,
                disabled: !picks.supOrgs.ids.length,
                help: t('consult.create.contactsHelp'),
                after: contactButton('supContacts', supOrg, supLabel),
              },
            )}
          </>
        );
      case 'area':
        return <AreaStep consultation={c.blank} />;
      case 'community':
        return (
          <>
            <Typography variant="body2">{t('consult.create.communityIntro')}</Typography>
            {picker('submittedTo', { _t: ['Organization'], type: [...ORG_KINDS.submittedTo] })}
          </>
        );
      case 'check':
        return <IntakeCheckStep c={c} />;
      case 'files':
        return created ? (
          <>
            <Alert severity="success">{t('consult.create.filesIntro')}</Alert>
            {/* Its own boundary: the uploader loading must not blank the whole dialog meanwhile. */}
            <Suspense
              fallback={
                // The section's room, kept while it loads: the dialog does not move under a click on Done.
                <Box sx={{ minHeight: 160, display: 'grid', placeItems: 'center' }}>
                  <CircularProgress aria-label={t('consult.create.steps.files')} />
                </Box>
              }
            >
              <AttachmentsSection item={created} type={type} editable />
            </Suspense>
          </>
        ) : null;
    }
  })();

  return (
    <>
      {body}
      {inline && 'contactsOf' in inline ? (
        <ContactDialog
          org={inline.org}
          orgLabel={inline.label}
          owners={owners}
          onClose={() => setInline(null)}
          onCreated={(id, label) => {
            setInline(null);
            addPick(inline.contactsOf, id, label, true);
            c.refreshContacts();
          }}
        />
      ) : inline ? (
        <RecordOrganizationDialog
          kinds={ORG_KINDS[inline.org]}
          onClose={() => setInline(null)}
          onCreated={(id, label, addContact) => {
            addPick(inline.org, id, label, inline.org === 'supOrgs');
            setInline(
              addContact
                ? {
                    contactsOf: inline.org === 'primaryOrg' ? 'primaryContacts' : 'supContacts',
                    org: id,
                    label,
                  }
                : null,
            );
          }}
        />
      ) : null}
    </>
  );
}
