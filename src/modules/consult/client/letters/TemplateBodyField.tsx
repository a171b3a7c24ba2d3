import DataObjectIcon from '@mui/icons-material/DataObject';
import {
  Alert,
  Box,
  Button,
  ListSubheader,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Fragment, useId, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Markdown, type FieldEditorProps } from '../../../../client/module-api';
import type { LetterField } from '../../letter-types';
import { FIELD_GROUPS, insertPlaceholder, previewOf, sampleValues } from './template-model';

/**
 * A letter template's text (property `editor: 'letterTemplateBody'`): the Markdown with a picker
 * that puts a field's placeholder at the caret, and beside it a live preview of the letter as it
 * will read, framed as it prints (letterhead, address, signatory from the same form), filled with
 * sample values. Read-only, the preview alone.
 */
export default function TemplateBodyField(p: FieldEditorProps) {
  return p.editable ? <Editor {...p} /> : <LivePreview body={String(p.item[p.name] ?? '')} item={p.item} />;
}

function Editor({ name, label, required, error, item }: FieldEditorProps) {
  const { t } = useTranslation();
  const { field } = useController({ name });
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const value = typeof field.value === 'string' ? field.value : '';
  const insert = (f: LetterField) => {
    const el = input.current;
    const at = insertPlaceholder(
      value,
      el?.selectionStart ?? value.length,
      el?.selectionEnd ?? value.length,
      f,
    );
    field.onChange(at.text);
    setMenu(null);
    // Back to the text, the caret after what was put in, once React has drawn it.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at.caret, at.caret);
    });
  };
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DataObjectIcon />}
          aria-haspopup="menu"
          aria-controls={menu ? menuId : undefined}
          aria-expanded={menu ? 'true' : undefined}
          onClick={(e) => setMenu(e.currentTarget)}
        >
          {t('consult.letter.insertField')}
        </Button>
        <Menu id={menuId} anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
          {FIELD_GROUPS.map((g) => (
            <Fragment key={g.id}>
              <ListSubheader>{t(`consult.letter.fieldGroups.${g.id}`)}</ListSubheader>
              {g.fields.map((f) => (
                <MenuItem key={f} onClick={() => insert(f)} data-field={f}>
                  {t(`consult.letter.fields.${f}`)}
                </MenuItem>
              ))}
            </Fragment>
          ))}
        </Menu>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          {...field}
          value={value}
          inputRef={(el: HTMLTextAreaElement | null) => {
            input.current = el;
            field.ref(el);
          }}
          label={t('consult.letter.templateText')}
          required={required}
          multiline
          minRows={12}
          error={!!error}
          helperText={error ?? t('consult.letter.bodyHelp')}
          slotProps={{ htmlInput: { spellCheck: true, style: { fontFamily: 'monospace' } } }}
        />
        <LivePreview body={value} item={item} />
      </Box>
    </Stack>
  );
}

function LivePreview({ body, item }: { body: string; item: FieldEditorProps['item'] }) {
  const { t } = useTranslation();
  // The frame's fields as the form has them now (or the item's, read-only).
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const [address, signatoryName, signatoryTitle] = form
    ? (form.watch(['address', 'signatoryName', 'signatoryTitle']) as unknown[])
    : [item.address, item.signatoryName, item.signatoryTitle];
  const filled = previewOf(body, sampleValues(t, { signatoryName, signatoryTitle }));
  const letterhead = typeof item.letterhead === 'string' && item.letterhead ? item.letterhead : null;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return (
    <Box component="section" aria-label={t('consult.letter.livePreview')}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('consult.letter.livePreview')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('consult.letter.livePreviewHelp')}
      </Typography>
      {filled.missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('consult.letter.unknownFields', { fields: filled.missing.join(', ') })}
        </Alert>
      )}
      {/* Paper is white in both themes: it is the sheet the letter prints on. */}
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, bgcolor: '#fff', color: '#1a1a1a', overflowWrap: 'anywhere' }}
      >
        {letterhead && (
          <Box
            component="img"
            src={`/attachment/${encodeURIComponent(letterhead)}`}
            alt={t('consult.letter.letterheadAlt')}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 80, mx: 'auto', mb: 1.5 }}
          />
        )}
        <Stack direction="row" sx={{ gap: 2, justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="caption" component="p" sx={{ whiteSpace: 'pre-line', color: '#333' }}>
            {str(address)}
          </Typography>
          <Typography variant="caption" component="p" sx={{ fontWeight: 700, textAlign: 'right' }}>
            {t('consult.letter.fileNumberLine', { n: t('consult.letter.samples.consultation.fileNumber') })}
          </Typography>
        </Stack>
        <Box sx={{ '& p': { my: 1 }, '& a': { color: '#0b57d0' } }}>
          <Markdown source={filled.text} headingOffset={3} />
        </Box>
        {(str(signatoryName) || str(signatoryTitle)) && (
          <Box sx={{ mt: 4 }}>
            <Typography sx={{ fontWeight: 700 }}>{str(signatoryName)}</Typography>
            <Typography variant="body2">{str(signatoryTitle)}</Typography>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
