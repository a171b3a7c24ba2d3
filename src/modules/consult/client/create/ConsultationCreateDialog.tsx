import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Suspense, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AttachmentsSection,
  blankItem,
  formDefaults,
  propLabel,
  PropertyField,
  RequestError,
  toWireData,
  useApp,
  useOrgLabels,
  useSession,
  type CreateDialogProps,
  type FormValues,
  type Item,
} from '../../../../client/module-api';
import { consultAct } from '../common/acts';
import { SearchPicker, type PickerValue } from '../common/SearchPicker';
import { AreaStep } from './AreaStep';
import {
  consultationData,
  CREATE_STEPS,
  PICKED,
  STEP_FIELDS,
  stepErrors,
  stepOf,
  type CreateStep,
  type Picks,
} from './create-model';
import { areaGeometries, type GeoJsonCheck } from './geojson';

const noop = () => undefined;
const EMPTY: PickerValue = { ids: [], labels: {} };
type PickKey = keyof Picks;

/**
 * A proponent's new consultation, step by step (spec capability-modules §2 consult.projects):
 * the project and its identifiers; the proponent organisation and its contacts (the picker offers
 * only that organisation's contacts, never blocked ones); supporting organisations and contacts;
 * dates (the end not before the start); description, location and access; the project area as
 * GeoJSON; the community it goes to. Save makes the DRAFT (and its project areas); then its
 * files, and Submit when ready. Each step is checked with the type's own rules before the next.
 */
export function ConsultationCreateDialog({ type, onCreated, onClose }: CreateDialogProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const admin = user?.admin === true;
  const titleId = useId();
  const root = useRef<HTMLFormElement | null>(null);
  const blank = useMemo(() => blankItem(type) as unknown as Item, [type]);
  const form = useForm<FormValues>({ defaultValues: formDefaults(type, blank) });
  // The proponent's own organisation is the likely primary one.
  const memberOrgs = (user?.memberships ?? []).map((m) => m.org);
  const orgLabels = useOrgLabels(memberOrgs);
  const [picks, setPicks] = useState<Record<PickKey, PickerValue>>(() => ({
    primaryOrg: memberOrgs[0] ? { ids: [memberOrgs[0]], labels: {} } : EMPTY,
    primaryContacts: EMPTY,
    supOrgs: EMPTY,
    supContacts: EMPTY,
    submittedTo: EMPTY,
  }));
  const [area, setArea] = useState<GeoJsonCheck | null>(null);
  const [areaText, setAreaText] = useState('');
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  const name: CreateStep = CREATE_STEPS[step]!;
  const last = CREATE_STEPS.length - 1;

  const pickIds = (): Picks => ({
    primaryOrg: picks.primaryOrg.ids,
    primaryContacts: picks.primaryContacts.ids,
    supOrgs: picks.supOrgs.ids,
    supContacts: picks.supContacts.ids,
    submittedTo: picks.submittedTo.ids,
  });
  const labelled = (k: PickKey): PickerValue => {
    const v = picks[k];
    return { ids: v.ids, labels: { ...orgLabels, ...v.labels } };
  };

  function currentData(): { data: Record<string, unknown>; local: Record<string, string> } {
    const { data, errors: local } = toWireData(type, form.getValues());
    for (const k of Object.keys(PICKED)) delete data[k];
    return {
      data: consultationData(data, pickIds()),
      local: Object.fromEntries(local.map((e) => [e.path, e.key])),
    };
  }

  /** Shows a step's errors on its fields; true when there are none. */
  function check(s: CreateStep): boolean {
    const { data, local } = currentData();
    const own = new Set(STEP_FIELDS[s]);
    const found: Record<string, string> = {
      ...Object.fromEntries(Object.entries(local).filter(([k]) => own.has(k))),
      ...stepErrors(type, s, data, pickIds(), admin),
    };
    if (s === 'area' && areaText.trim() && !area?.ok) found.projectAreaGeo = 'area';
    form.clearErrors();
    for (const [k, key] of Object.entries(found))
      if (own.has(k)) form.setError(k, { type: 'validate', message: key });
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first)
      setTimeout(() =>
        root.current
          ?.querySelector<HTMLElement>(
            `[data-field="${first}"] input, [data-field="${first}"] textarea, #consult-create-${first}`,
          )
          ?.focus(),
      );
    return !first;
  }

  function go(to: number) {
    // Forward only past valid steps; back always.
    for (let s = step; s < to; s++)
      if (!check(CREATE_STEPS[s]!)) {
        setStep(s);
        return;
      }
    setErrors({});
    setStep(to);
  }

  async function save() {
    for (let s = 0; s < last; s++)
      if (!check(CREATE_STEPS[s]!)) {
        setStep(s);
        return;
      }
    const { data } = currentData();
    const own = picks.primaryOrg.ids[0];
    setBusy(true);
    try {
      const item = await client.request<Item>(`create/${type.name}`, {
        ...data,
        // A proponent's draft is their organisation's (docs/consultation.md).
        ...(own && memberOrgs.includes(own) ? { owner: own } : {}),
      });
      for (const [i, g] of areaGeometries(area).entries())
        await client.request('create/ConsultProjectFeature', {
          consultation: item.$id,
          label: g.label ?? t('consult.create.areaName', { n: i + 1 }),
          geometry: g.geometry,
        });
      alerts.push({ type: 'success', key: 'consult.create.saved' });
      setCreated(item);
      setStep(last);
    } catch (e) {
      if (e instanceof RequestError && e.userMessage === 'invalidInput' && e.fields.length) {
        const found = Object.fromEntries(e.fields.map((f) => [f.path.split('.')[0]!, f.key]));
        const at = Object.keys(found)
          .map(stepOf)
          .find((s) => s !== null);
        if (at) setStep(CREATE_STEPS.indexOf(at));
        for (const [k, key] of Object.entries(found)) form.setError(k, { type: 'validate', message: key });
        setErrors(found);
      }
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  async function submitNow() {
    if (!created) return;
    setBusy(true);
    try {
      await consultAct(client, 'cnsSubmit', { consultation: created.$id });
      alerts.push({ type: 'success', key: 'consult.create.submitted' });
      onCreated(created);
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

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
        value={labelled(k)}
        helperText={opts.help}
        error={errors[k] ? t(errors[k]!) : undefined}
        onChange={(v) => {
          setPicks((p) => {
            const next = { ...p, [k]: v };
            // Contacts belong to the organisation: a new organisation starts its contacts afresh.
            if (k === 'primaryOrg') next.primaryContacts = EMPTY;
            if (k === 'supOrgs') next.supContacts = v.ids.length ? p.supContacts : EMPTY;
            return next;
          });
          setErrors((x) => ({ ...x, [k]: '' }));
        }}
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
          item={blank}
          admin={admin}
          editable
          shaking={false}
          onOpen={noop}
        />
      ) : null;
    });

  const org = picks.primaryOrg.ids[0];
  const body: Record<CreateStep, React.ReactNode> = {
    project: fields('project'),
    proponent: (
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
    ),
    supporting: (
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
    ),
    dates: fields('dates'),
    details: fields('details'),
    area: (
      <AreaStep
        text={areaText}
        check={area}
        showError={!!errors.projectAreaGeo}
        onChange={(text, c) => {
          setAreaText(text);
          setArea(c);
          setErrors((x) => ({ ...x, projectAreaGeo: '' }));
        }}
      />
    ),
    community: (
      <>
        <Typography variant="body2">{t('consult.create.communityIntro')}</Typography>
        {picker('submittedTo', { _t: ['Organization'], type: ['COMMUNITY'] })}
      </>
    ),
    files: created ? (
      <>
        <Alert severity="success">{t('consult.create.filesIntro')}</Alert>
        {/* Its own boundary: the uploader loading must not blank the whole dialog meanwhile. */}
        <Suspense fallback={<CircularProgress aria-label={t('consult.create.steps.files')} />}>
          <AttachmentsSection item={created} type={type} editable />
        </Suspense>
      </>
    ) : null,
  };

  return (
    <Dialog
      open
      // Eight steps of work are not dropped by a stray click beside the dialog (Escape still closes).
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <FormProvider {...form}>
        <Box
          component="form"
          ref={root}
          noValidate
          data-consult-create
          onSubmit={(e) => {
            e.preventDefault();
            if (name === 'community') void save();
            else if (step < last - 1) go(step + 1);
          }}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <DialogTitle id={titleId}>{t('consult.create.title')}</DialogTitle>
          <DialogContent>
            {!phone && (
              <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }}>
                {CREATE_STEPS.map((s, i) => (
                  <Step key={s} completed={i < step || (s !== 'files' && !!created)}>
                    <StepButton disabled={created ? s !== 'files' : s === 'files'} onClick={() => go(i)}>
                      {t(`consult.create.steps.${s}`)}
                    </StepButton>
                  </Step>
                ))}
              </Stepper>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }} aria-live="polite" data-step={name}>
              {t('consult.create.stepOf', {
                step: step + 1,
                count: CREATE_STEPS.length,
                name: t(`consult.create.steps.${name}`),
              })}
            </Typography>
            <Stack spacing={2.5}>{body[name]}</Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {created ? (
              <>
                <Button onClick={() => onCreated(created)}>{t('consult.create.finish')}</Button>
                <Button variant="contained" disabled={busy} onClick={() => void submitNow()}>
                  {t('consult.create.submitNow')}
                </Button>
              </>
            ) : (
              <>
                <Button onClick={onClose}>{t('app.cancel')}</Button>
                {step > 0 && <Button onClick={() => go(step - 1)}>{t('consult.create.back')}</Button>}
                {name === 'community' ? (
                  <Button type="submit" variant="contained" disabled={busy}>
                    {t('consult.create.saveDraft')}
                  </Button>
                ) : (
                  <Button type="submit" variant="contained">
                    {t('consult.create.next')}
                  </Button>
                )}
              </>
            )}
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
