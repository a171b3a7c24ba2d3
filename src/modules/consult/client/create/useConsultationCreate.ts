import { useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  blankItem,
  formDefaults,
  readSearchReply,
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
import { clearDraft, hasTyped, readDraft } from './intake-draft';
import { checkBody, findings, toggleLink, type Findings, type IntakeCheckReply } from './intake-check-model';
import { localStore, useIntakeDraft } from './useIntakeDraft';

export const EMPTY: PickerValue = { ids: [], labels: {} };
export type PickKey = keyof Picks;

type CheckState =
  { status: 'idle' } | { status: 'loading' } | { status: 'done'; found: Findings } | { status: 'failed' };

/**
 * The guided create form's state and moves (ConsultationCreateDialog draws it): the generic
 * fields (react-hook-form), the pickers, the project area, the current step and its errors, the
 * work kept in the user's draft as it changes (intake-draft.ts), the intake check before saving,
 * and saving the draft with its project areas, then submitting it.
 */
export function useConsultationCreate({ type, onCreated }: Pick<CreateDialogProps, 'type' | 'onCreated'>) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const admin = user?.admin === true;
  const root = useRef<HTMLFormElement | null>(null);
  const userId = user?.$id ?? null;
  const blank = useMemo(() => blankItem(type) as unknown as Item, [type]);
  const defaults = useMemo(() => ({ ...formDefaults(type, blank), [AREA_FIELD]: '' }), [type, blank]);
  // What the user typed before a reload or a closed tab, read once (null: start afresh).
  const [restored] = useState(() => (userId ? readDraft(localStore(), userId) : null));
  const form = useForm<FormValues>({
    defaultValues: { ...defaults, ...((restored?.values ?? {}) as FormValues) },
  });
  // A proponent's own organisation is the likely primary one; a community's staff member's
  // community is the one it goes to (the membership's kind says which is which).
  const memberships = user?.memberships ?? [];
  const memberOrgs = memberships.map((m) => m.org);
  const orgLabels = useOrgLabels(memberOrgs);
  const preset = useMemo(() => {
    const own = memberships.find((m) => m.kind && m.kind !== 'COMMUNITY')?.org;
    const community = memberships.find((m) => m.kind === 'COMMUNITY')?.org;
    return {
      primaryOrg: own ? { ids: [own], labels: {} } : EMPTY,
      primaryContacts: EMPTY,
      supOrgs: EMPTY,
      supContacts: EMPTY,
      submittedTo: community ? { ids: [community], labels: {} } : EMPTY,
      rel: EMPTY,
    } satisfies Record<PickKey, PickerValue>;
    // The memberships of one session do not change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  const [picks, setPicks] = useState<Record<PickKey, PickerValue>>(() => ({
    ...preset,
    ...((restored?.picks ?? {}) as Partial<Record<PickKey, PickerValue>>),
  }));
  const last = CREATE_STEPS.length - 1;
  // A restored draft opens where it was left, at most on the community step: the check runs
  // afresh on the way forward, and files come after saving.
  const [step, setStep] = useState(() =>
    Math.min(Math.max(0, restored?.step ?? 0), CREATE_STEPS.indexOf('community')),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<CheckState>({ status: 'idle' });
  const discarded = useRef(false);
  const name: CreateStep = CREATE_STEPS[step]!;

  // Whether the chosen proponent has a contact this user may see: none, and the contacts are
  // optional (with a hint), not a rule nobody can meet.
  const org = picks.primaryOrg.ids[0];
  const orgContacts = useQuery({
    queryKey: ['consultOrgContacts', org],
    queryFn: async () =>
      readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['Contact'], _related: [org!] },
          max: 1,
          excludeBlocked: true,
        }),
      ).ids.length,
    enabled: !!org,
    retry: false,
    staleTime: 10_000,
  });
  const contactsOptional = !!org && orgContacts.data === 0;

  // A proponent is also the likely contact: their own contact card in their organisation fills
  // the contacts (issue 38) when nothing is picked yet, as the organisation is filled in above.
  const own = preset.primaryOrg.ids[0];
  const ownCard = useQuery({
    queryKey: ['consultOwnContact', own, userId],
    queryFn: async () => {
      const r = readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['Contact'], user: [userId!], _related: [own!] },
          max: 1,
          labels: true,
        }),
      );
      const id = r.ids[0];
      return id ? { ids: [id], labels: { [id]: r.labels[id] ?? '' } } : null;
    },
    enabled: !!own && !!userId && !restored,
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    const card = ownCard.data;
    if (!card) return;
    setPicks((p) =>
      p.primaryOrg.ids[0] === own && p.primaryContacts.ids.length === 0 ? { ...p, primaryContacts: card } : p,
    );
  }, [ownCard.data, own]);

  const touch = useIntakeDraft({
    userId,
    active: !created,
    // Nothing typed (or discarded): no draft is kept.
    snapshot: () =>
      discarded.current || !dirty()
        ? null
        : { step, values: form.getValues() as Record<string, unknown>, picks },
    onWriteFailed: () => alerts.push({ type: 'warning', key: 'consult.intake.draftNotKept' }),
  });
  // Every field's change, every pick and every step schedules a write of the draft.
  useEffect(() => {
    const sub = form.watch(() => touch());
    return () => sub.unsubscribe();
  }, [form, touch]);
  useEffect(() => touch(), [picks, step, touch]);

  const pickIds = (): Picks => ({
    primaryOrg: picks.primaryOrg.ids,
    primaryContacts: picks.primaryContacts.ids,
    supOrgs: picks.supOrgs.ids,
    supContacts: picks.supContacts.ids,
    submittedTo: picks.submittedTo.ids,
    rel: picks.rel.ids,
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
      ...stepErrors(type, s, data, pickIds(), admin, { contactsOptional }),
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
    if (CREATE_STEPS[to] === 'check') void runCheck();
  }

  /** The intake check over what is entered now (the area, the file numbers, the community). */
  async function runCheck() {
    const { data } = currentData();
    const area = readArea(form.getValues(AREA_FIELD));
    setChecked({ status: 'loading' });
    try {
      const reply = (await client.act(
        'cnsIntakeCheck',
        checkBody(data, areaParts(area.ok ? area.geometry : null)),
      )) as IntakeCheckReply;
      setChecked({ status: 'done', found: findings(reply) });
    } catch {
      setChecked({ status: 'failed' });
    }
  }

  /** Links a referral the check found (Consultation.rel), or unlinks it. */
  function link(id: string, label: string, on: boolean) {
    setPicks((p) => ({
      ...p,
      rel: { ids: toggleLink(p.rel.ids, id, on), labels: { ...p.rel.labels, [id]: label } },
    }));
  }

  /** Has anything been entered that closing would lose? */
  function dirty(): boolean {
    if (created) return false;
    // The proponent's own card, filled in for them, is no more typed than their organisation.
    const filled = ownCard.data ? { ...preset, primaryContacts: ownCard.data } : preset;
    return hasTyped(
      form.getValues() as Record<string, unknown>,
      defaults as Record<string, unknown>,
      picks,
      filled,
    );
  }

  /** Forgets the work: the draft is removed and not written again. */
  function discard() {
    discarded.current = true;
    if (userId) clearDraft(localStore(), userId);
  }

  /** Starts afresh from a restored draft. */
  function startAfresh() {
    if (userId) clearDraft(localStore(), userId);
    form.reset(defaults);
    setPicks(preset);
    setErrors({});
    setChecked({ status: 'idle' });
    setStep(0);
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
      // Linked once its areas are saved: the server runs the check again and keeps only what it
      // names (server/intake-link.ts). A failure here leaves a saved referral unlinked, not lost.
      if (picks.rel.ids.length)
        await client
          .act('cnsIntakeLink', { consultation: item.$id, rel: picks.rel.ids })
          .then((r) => {
            if ((r as { dropped: number }).dropped > 0)
              alerts.push({ type: 'warning', key: 'consult.intake.check.linksDropped' });
          })
          .catch((e: unknown) => alerts.error(e));
      alerts.push({ type: 'success', key: 'consult.create.saved' });
      // Saved on the server now: the browser's copy has done its work.
      if (userId) clearDraft(localStore(), userId);
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
    restored,
    contactsOptional,
    checked,
    runCheck,
    link,
    dirty,
    discard,
    startAfresh,
    refreshContacts: () => void orgContacts.refetch(),
  };
}

export type ConsultationCreate = ReturnType<typeof useConsultationCreate>;
