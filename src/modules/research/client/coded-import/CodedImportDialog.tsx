import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { type Item, itemLabel, itemType, typeLabel } from '../../../../client/module-api';
import { RESEARCH_CSV_IMPORT_KIND } from '../../types';

// "Import coded data" on a research project (docs/research-import.md): core's CSV import dialog
// (research requires core) for ResearchData, recorded as a RESEARCH_CSV Import, with the project
// preset on every row, so the interviews named in the file are looked up within this project.

const CsvImportDialog = lazy(() => import('../../../core/client/csv-import/CsvImportDialog'));

export default function CodedImportDialog({
  item,
  open,
  onClose,
}: {
  item: Item;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const type = itemType('ResearchData');
  if (!type || !open) return null;
  return (
    <Suspense fallback={null}>
      <CsvImportDialog
        type={type}
        kind={RESEARCH_CSV_IMPORT_KIND}
        preset={{ project: item.$id }}
        presetLabel={t('research.import.presetProject', {
          type: typeLabel(t, 'ResearchProject'),
          project: itemLabel(item),
        })}
        open={open}
        onClose={onClose}
      />
    </Suspense>
  );
}
