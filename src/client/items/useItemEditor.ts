import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { ItemType } from '../../kernel/item-type';
import { toFieldErrors, validatorFor } from '../../kernel/validator';
import { useApp, useSession } from '../state/app-context';
import { itemKey, type Item } from '../state/items';
import { RequestError } from '../state/request-error';
import { useCell, type CellAction } from '../shell/cell-api';
import {
  changedFields,
  dirtyKeys,
  fieldErrorMap,
  formDefaults,
  rebase,
  toWireData,
  type FormValues,
  type LocalFieldError,
} from './form-model';
import { prefersReducedMotion, SHAKE_MS } from './shake';

interface Base {
  /** The item the form is based on: its $version is what an update sends. */
  item: Item;
  /** The form values of that item; dirtiness is measured against them. */
  defaults: FormValues;
}

/** 'read': the record's values; 'edit': the whole edit form. */
export type RecordMode = 'read' | 'edit';

export const FOCUSABLE =
  '[role="combobox"], input:not([aria-hidden="true"]):not([type="hidden"]), textarea:not([aria-hidden="true"])';

const cssEscape = (s: string) =>
  typeof CSS !== 'undefined' && typeof CSS.escape === 'function'
    ? CSS.escape(s)
    : s.replace(/["\\]/g, '\\$&');

/**
 * The editing side of an item cell (spec core §4 "Cells"): the react-hook-form form, the
 * VALIDATE/SAVE/RESET/CLOSE gate, the dirty state mirrored into the cell, staleVersion handling
 * and live updates from the query cache (reset when clean, rebase when dirty).
 */
export function useItemEditor(item: Item, type: ItemType) {
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const admin = user?.admin === true;
  const cell = useCell();
  const editable = item.$allowed?.update === true;

  // Read mode by default (issue 13); a new item, which has nothing to read yet, opens editing.
  const [mode, setMode] = useState<RecordMode>(() => (editable && !item.$id ? 'edit' : 'read'));
  /** The one field edited in place in read mode, if any. */
  const [fieldEdit, setFieldEdit] = useState<string | null>(null);
  const [initial] = useState<Base>(() => ({ item, defaults: formDefaults(type, item) }));
  const baseRef = useRef<Base>(initial);
  const [base, setBaseItem] = useState<Item>(item);
  const form = useForm<FormValues>({ defaultValues: initial.defaults });
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [stale, setStale] = useState(false);
  const [shaking, setShaking] = useState<string[]>([]);
  const shakeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rootRef = useRef<HTMLFormElement | null>(null);
  const cellRef = useRef(cell);
  useEffect(() => {
    cellRef.current = cell;
  }, [cell]);
  useEffect(() => () => clearTimeout(shakeTimer.current), []);

  const isClean = () => dirtyKeys(baseRef.current.defaults, form.getValues()).length === 0;
  const markDirty = () => cellRef.current.setDirty(editable && !isClean() ? 'DIRTY' : 'NONE');
  const keepAllowed = (next: Item): Item =>
    next.$allowed ? next : { ...next, $allowed: baseRef.current.item.$allowed };
  const cacheItem = (next: Item) =>
    qc.setQueryData<Item>(itemKey(next.$id), (old) => (!old || old._u <= next._u ? next : old));

  /** Moves the form onto a newer item; fields changed since `oldDefaults` keep the user's values. */
  function adopt(next: Item, oldDefaults: FormValues) {
    const current = form.getValues();
    const newDefaults = formDefaults(type, next);
    baseRef.current = { item: next, defaults: newDefaults };
    setBaseItem(next);
    const values = rebase(oldDefaults, newDefaults, current);
    form.reset(newDefaults, { keepErrors: true });
    for (const k of dirtyKeys(newDefaults, values)) form.setValue(k, values[k]!, { shouldDirty: true });
    setStale(false);
    markDirty();
  }

  function toRead() {
    setMode('read');
    setFieldEdit(null);
  }
  function editAll() {
    if (!editable) return;
    setMode('edit');
    setFieldEdit(null);
  }
  function editField(name: string) {
    if (editable) setFieldEdit(name);
  }

  /** Scrolls the first invalid field into view, focuses it, and shakes the invalid fields for 1 s. */
  function fail(names: string[]) {
    const sorted = Object.keys(baseRef.current.defaults).filter((n) => names.includes(n));
    const first = sorted[0];
    // A field edited in place that fails on another field (data saved before a rule changed)
    // opens the whole form, where that field has its editor; the focus follows once it shows.
    const widen = mode === 'read' && sorted.some((n) => n !== fieldEdit);
    if (widen) editAll();
    const focus = () => {
      const el = first
        ? rootRef.current?.querySelector<HTMLElement>(`[data-field="${cssEscape(first)}"]`)
        : null;
      if (el) {
        el.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        el.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
      }
    };
    if (widen) setTimeout(focus, 50);
    else focus();
    setShaking(sorted);
    clearTimeout(shakeTimer.current);
    shakeTimer.current = setTimeout(() => setShaking([]), SHAKE_MS);
  }

  /** Shows rule keys on their fields; returns the fields that got one. */
  function showErrors(errors: readonly LocalFieldError[]): string[] {
    form.clearErrors();
    const { byField } = fieldErrorMap(errors, new Set(Object.keys(baseRef.current.defaults)));
    for (const [k, e] of Object.entries(byField)) form.setError(k, { type: 'validate', message: e.key });
    return Object.keys(byField);
  }

  /** The same zod rules as the server (validatorFor), on the form's values with empties removed. */
  function validate(): boolean {
    const { data, errors } = toWireData(type, form.getValues());
    const res = validatorFor(type, { admin }).safeParse(data);
    const all = [...errors, ...(res.success ? [] : toFieldErrors(res.error))];
    if (all.length === 0) {
      form.clearErrors();
      return true;
    }
    const names = showErrors(all);
    if (names.length) fail(names);
    else alerts.push({ type: 'error', key: 'errors.invalidInput' });
    return false;
  }

  async function save(): Promise<boolean> {
    if (!editable) return true;
    if (savingRef.current) return false;
    const sent = form.getValues();
    if (dirtyKeys(baseRef.current.defaults, sent).length === 0) {
      markDirty();
      toRead();
      return true;
    }
    if (!validate()) return false;
    const changes = changedFields(type, baseRef.current.defaults, sent);
    if (Object.keys(changes).length === 0) {
      markDirty();
      toRead();
      return true;
    }
    savingRef.current = true;
    setSaving(true);
    cellRef.current.setDirty('SAVING');
    const { item: from } = baseRef.current;
    try {
      const reply = await client.request<Item>('update', {
        $id: from.$id,
        $version: from.$version,
        ...changes,
      });
      const next = keepAllowed(reply);
      // Edits made while the save was under way stay; everything else is the saved item.
      adopt(next, sent);
      cacheItem(next);
      // Saved: back to the record, unless edits made during the save are still to be saved.
      if (isClean()) toRead();
      return true;
    } catch (e) {
      cellRef.current.setDirty('ERROR');
      if (e instanceof RequestError && e.userMessage === 'staleVersion') {
        setStale(true);
        rootRef.current?.scrollIntoView({ block: 'start' });
        return false;
      }
      if (e instanceof RequestError && e.userMessage === 'invalidInput' && e.fields.length) {
        const names = showErrors(e.fields);
        if (names.length) fail(names);
      }
      alerts.error(e);
      return false;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  function resetForm() {
    form.reset(baseRef.current.defaults);
    form.clearErrors();
    setStale(false);
    cellRef.current.setDirty('NONE');
    toRead();
  }

  /** After staleVersion: read the item again and put the user's edits over it (new $version). */
  async function reloadKeep() {
    try {
      const fresh = await client.request<Item>(`readAllowed/${baseRef.current.item.$id}`);
      adopt(fresh, baseRef.current.defaults);
      cacheItem(fresh);
    } catch (e) {
      alerts.error(e);
    }
  }

  /** An update made elsewhere in this cell (raw edit). */
  function acceptSaved(saved: Item) {
    const next = keepAllowed(saved);
    adopt(next, baseRef.current.defaults);
    cacheItem(next);
    alerts.push({ type: 'success', key: 'app.applied' });
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (await save()) alerts.push({ type: 'success', key: 'app.applied' });
  }

  // The cell's gate; it always calls the latest closures.
  const gateRef = useRef<(a: CellAction) => Promise<boolean>>(async () => true);
  useEffect(() => {
    gateRef.current = async (a) => {
      switch (a) {
        case 'VALIDATE':
          return !editable || isClean() || validate();
        case 'SAVE':
          return save();
        case 'RESET':
          resetForm();
          return true;
        case 'CLOSE':
          return true;
      }
    };
  });
  const { registerGate } = cell;
  useEffect(() => {
    const off = registerGate((a) => gateRef.current(a));
    return () => {
      off();
    };
  }, [registerGate]);

  // react-hook-form's isDirty, mirrored into the cell's dirty state.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!savingRef.current) cellRef.current.setDirty(editable && isDirty ? 'DIRTY' : 'NONE');
  }, [isDirty, editable]);
  useEffect(() => () => cellRef.current.setDirty('NONE'), []);

  // Live updates: pushes replace the cached item; a newer _u moves the form onto it.
  useEffect(() => {
    if (saving || item._u <= baseRef.current.item._u) return;
    const before = baseRef.current.defaults;
    adopt(keepAllowed(item), before);
    // Only a person's change is news. Fields the system keeps (a thread's "last activity", which
    // every reply moves) update quietly: "someone else changed this item" would be untrue there.
    const changed = dirtyKeys(before, baseRef.current.defaults).filter(
      (k) => type.allProperties[k]?.write !== 'system',
    );
    // Nor is one's own change made elsewhere: a file uploaded into a field, a workflow step, the
    // same record in another tab. `_m.$id` names the latest write's actor.
    const byMe = !!user && (item._m as { $id?: string } | undefined)?.$id === user.$id;
    if (changed.length > 0 && !byMe) alerts.push({ type: 'info', key: 'app.serverUpdated' });
  }, [item, saving]);

  return {
    form,
    editable,
    admin,
    base,
    saving,
    stale,
    shaking,
    isDirty,
    rootRef,
    mode,
    fieldEdit,
    toRead,
    editAll,
    editField,
    isClean,
    submit,
    resetForm,
    reloadKeep,
    acceptSaved,
  };
}
