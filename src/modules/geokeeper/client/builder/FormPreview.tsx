import { Alert, Button, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLov } from '../../../../client/module-api';
import { walkFields, type FormDefinition, type FormField } from '../../form/definition';
import { ExprError, parseExpr } from '../../form/expr';
import type { FormState } from '../../form/evaluate';
import { FormFill, type LovChoice } from '../form-fill/FormFill';
import type { FormData } from '../form-fill/form-data';

// The builder's live preview: the form drawn by FormFill (the renderer the collection screens
// use) with answers that are only tried here, never saved, so relevance, required and constraint
// messages show as a monitor will see them.

/** The first organisation list a select uses (the preview loads one list; most forms use one). */
function lovKeyOf(def: FormDefinition): string | undefined {
  let key: string | undefined;
  walkFields(def.fields, (f) => {
    if (!key && f.choices && 'lov' in f.choices) key = f.choices.lov;
  });
  return key;
}

const parses = (src: string | undefined) => {
  if (src === undefined) return true;
  try {
    parseExpr(src);
    return true;
  } catch (e) {
    if (e instanceof ExprError) return false;
    throw e;
  }
};

/** The definition being built, without the rules that do not parse yet (the editor shows why). */
function previewable(def: FormDefinition): FormDefinition {
  const clean = (fs: readonly FormField[]): FormField[] =>
    fs.map((f) => {
      const out: FormField = { ...f };
      if (!parses(f.relevant)) delete out.relevant;
      if (!parses(f.constraint)) delete out.constraint;
      if (f.fields) out.fields = clean(f.fields);
      return out;
    });
  return { ...def, fields: clean(def.fields) };
}

export function FormPreview({ definition, owner }: { definition: FormDefinition; owner: string | null }) {
  const { t } = useTranslation();
  const shown = useMemo(() => previewable(definition), [definition]);
  const [value, setValue] = useState<FormData>({});
  const [state, setState] = useState<FormState | null>(null);
  const lovKey = lovKeyOf(definition);
  const lov = useLov(lovKey, owner);
  const lovs = useMemo(() => {
    const out: Record<string, LovChoice[]> = {};
    if (lovKey && lov.entries)
      out[lovKey] = [...lov.entries.values()]
        .filter((e) => !e.archived)
        .map((e) => ({ value: e.key, label: e.label }));
    return out;
  }, [lovKey, lov.entries]);
  const onState = useCallback((s: FormState) => setState(s), []);
  const wrong = state ? state.fields.filter((f) => f.shown && f.errors.length > 0).length : 0;
  return (
    <Stack
      spacing={2}
      component="section"
      aria-label={t('geokeeper.builder.preview')}
      data-testid="form-preview"
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('geokeeper.builder.preview')}
        </Typography>
        <Button size="small" onClick={() => setValue({})} disabled={Object.keys(value).length === 0}>
          {t('geokeeper.builder.previewReset')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('geokeeper.builder.previewNote')}
      </Typography>
      {definition.fields.length === 0 ? (
        <Typography color="text.secondary">{t('geokeeper.builder.previewEmpty')}</Typography>
      ) : (
        <>
          <FormFill
            definition={shown}
            value={value}
            onChange={setValue}
            lovs={lovs}
            idPrefix="preview"
            onStateChange={onState}
          />
          {Object.keys(value).length > 0 && (
            <Alert severity={wrong ? 'warning' : 'success'} role="status">
              {wrong
                ? t('geokeeper.builder.previewInvalid', { count: wrong })
                : t('geokeeper.builder.previewValid')}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
