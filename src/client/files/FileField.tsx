import { Box, Link, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { variantUrl } from './attachment-urls';
import { lazyScreen } from '../i18n/screen-strings';
import type { FieldEditorProps } from '../module-api';

const Uploader = lazyScreen(() => import('./Uploader').then((m) => ({ default: m.Uploader })));

export interface FileFieldProps {
  /** The item that holds the property (its id is the upload's parent). */
  itemId: string;
  name: string;
  label: string;
  /** The uppyID the property holds, if any. */
  value: unknown;
  editable: boolean;
}

/**
 * A `file` property (an avatar, a cover image): the file it holds, shown as a thumbnail when
 * it is an image, and an upload area that replaces it. The server sets the property when the
 * upload finishes, and the change arrives as a push.
 */
export function FileField({ itemId, name, label, value, editable }: FileFieldProps) {
  const { t } = useTranslation();
  const [notImage, setNotImage] = useState(false);
  const uppy = typeof value === 'string' && value ? value : null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-file-field={name}>
      <Typography component="legend" variant="caption" color="text.secondary">
        {label}
      </Typography>
      {uppy ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
          {!notImage && (
            <Box
              component="img"
              src={variantUrl(uppy, 'thumbnail')}
              alt={label}
              onError={() => setNotImage(true)}
              sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Link href={`/attachment/${encodeURIComponent(uppy)}?download=1`}>{t('files.download')}</Link>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ my: 0.5 }}>
          {t('files.noFile')}
        </Typography>
      )}
      {editable && (
        <Suspense fallback={<Typography variant="body2">{t('files.loadingUploader')}</Typography>}>
          <Uploader rel={itemId} relProp={name} single label={uppy ? t('files.replace') : label} />
        </Suspense>
      )}
    </Box>
  );
}

/** The `file` kind's editor in the form (items/field-editors.ts): only for a saved item. */
export function FileEditor({ item, name, label, editable }: FieldEditorProps) {
  if (!item.$id) return null;
  return <FileField itemId={item.$id} name={name} label={label} value={item[name]} editable={editable} />;
}
