import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../../../kernel/item-type';
import type { ListScreenDecl } from '../../../../kernel/view';
import { useCanCreate } from '../../../../client/module-api';

const CsvImportDialog = lazy(() => import('./CsvImportDialog'));

/** "Import from CSV" on a list declared `csvImport: true`, for those who may create the type. */
export default function CsvImportButton({
  type,
  list,
  compact,
}: {
  type: ItemType;
  list: ListScreenDecl;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const mayCreate = useCanCreate(type.name);
  const [open, setOpen] = useState(false);
  if (!mayCreate) return null;
  const label = t('csvImport.button');
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
            <UploadFileIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <CsvImportDialog
            type={type}
            kind={typeof list.csvImport === 'string' ? list.csvImport : undefined}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
