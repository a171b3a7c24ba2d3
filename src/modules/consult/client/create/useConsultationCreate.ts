import { useMediaQuery, useTheme } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  blankItem,
  formDefaults,
  RequestError,
  toWireData,
  useApp,
  useOrgLabels,
  useSession,
  type CreateDialogProps,
  type FormValues,
  type Item,
} from '../../../../client/module-api';
import type { PickerValue } from '../common/SearchPicker';
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
import { AREA_FIELD, areaParts, readArea } from './geojson';

export const EMPTY: PickerValue = { ids: [], labels: {} };
export type PickKey = keyof Picks;

/**
 * The guided create form's state and moves (ConsultationCreateDialog draws it): the generic
 * fields (react-hook-form), the pickers, the project area, the current step and its errors, and
 * saving the draft with its project areas, then submitting it.
 */
export function useConsultationCreate({ type, onCreated }: Pick<CreateDialogProps, 'type' | 'onCreated'>) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const admin = user?.admin === true;
  const root = useRef<HTMLFormElement | null>(null);
  const blank = useMemo(() => blankItem(type) as unknown as Item, [type]);
  const form = useForm<FormValues>({ defaultValues: { ...formDefaults(type, blank), [AREA_FIELD]: '' } });
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
    const own = new Set<string>(STEP_FIELDS[s]);
    const found: Record<string, string> = {
      ...Object.fromEntries(Object.entries(local).filter(([k]) => own.has(k))),
      ...stepErrors(type, s, data, pickIds(), admin),
    };
    if (s === 'area') {
      own.add(AREA_FIELD);
      const area = readArea(form.getValues(AREA_FIELD));
      if (!area.ok) found[AREA_FIELD] = area.key;
    }
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
      const area = readArea(form.getValues(AREA_FIELD));
      for (const [i, geometry] of areaParts(area.ok ? area.geometry : null).entries())
        await client.request('create/ConsultProjectFeature', {
          consultation: item.$id,
          label: t('consult.create.areaName', { n: i + 1 }),
          geometry,
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
      await client.act('cnsSubmit', { consultation: created.$id });
      alerts.push({ type: 'success', key: 'consult.create.submitted' });
      onCreated(created);
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  /** A picker's new value: contacts belong to the organisation, so a new one starts them afresh. */
  function pick(k: PickKey, v: PickerValue) {
    setPicks((p) => {
      const next = { ...p, [k]: v };
      if (k === 'primaryOrg') next.primaryContacts = EMPTY;
      if (k === 'supOrgs') next.supContacts = v.ids.length ? p.supContacts : EMPTY;
      return next;
    });
    setErrors((x) => ({ ...x, [k]: '' }));
  }

  return {
    type,
    admin,
    phone,
    root,
    blank,
    form,
    picks,
    labelled,
    pick,
    step,
    name,
    last,
    errors,
    created,
    busy,
    go,
    save,
    submitNow,
  };
}

export type ConsultationCreate = ReturnType<typeof useConsultationCreate>;
