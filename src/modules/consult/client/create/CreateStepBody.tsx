import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentsSection, propLabel, PropertyField } from '../../../../client/module-api';
import { SearchPicker } from '../common/SearchPicker';
import { AreaStep } from './AreaStep';
import { STEP_FIELDS, type CreateStep } from './create-model';
import type { ConsultationCreate, PickKey } from './useConsultationCreate';

const noop = () => undefined;

/** What one step of the guided create form shows: generic fields, pickers, the area, or files. */
export function CreateStepBody({ c }: { c: ConsultationCreate }) {
  const { t } = useTranslation();
  const { type, errors, picks, created } = c;

  const picker = (
    k: PickKey,
    must: Record<string, string[]>,
    opts: { multiple?: boolean; help?: string; required?: boolean; disabled?: boolean } = {},
  ) => (
    <Box data-field={k}>
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
  switch (c.name) {
    case 'project':
    case 'dates':
    case 'details':
      return fields(c.name);
    case 'proponent':
      return (
        <>
          {picker('primaryOrg', { _t: ['Organization'] }, { required: true })}
          {picker(
            'primaryContacts',
            { _t: ['Contact'], _related: org ? [org] : [] },
            {
              multiple: true,
              required: true,
              disabled: !org,
              help: t('consult.create.contactsHelp'),
            },
          )}
        </>
      );
    case 'supporting':
      return (
        <>
          {picker('supOrgs', { _t: ['Organization'] }, { multiple: true })}
          {picker(
            'supContacts',
            { _t: ['Contact'], _related: picks.supOrgs.ids },
            {
              multiple: true,
              disabled: !picks.supOrgs.ids.length,
              help: t('consult.create.contactsHelp'),
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
          {picker('submittedTo', { _t: ['Organization'], type: ['COMMUNITY'] })}
        </>
      );
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
}
