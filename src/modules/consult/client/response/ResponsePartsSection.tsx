import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionFrame, type ItemSectionProps } from '../../../../client/module-api';
import { PartList, type PartKind } from './PartList';
import { CONCERN, CONCERN_FIELDS, SECTION, SECTION_FIELDS } from './response-fields';

const SECTIONS: PartKind = {
  type: SECTION,
  fields: SECTION_FIELDS,
  keys: {
    heading: 'consult.response.sections',
    add: 'consult.response.addSection',
    empty: 'consult.response.noSections',
    title: 'consult.response.sectionTitle',
    text: 'consult.response.sectionText',
    titleRequired: 'consult.response.titleRequired',
  },
};

const CONCERNS: PartKind = {
  type: CONCERN,
  fields: CONCERN_FIELDS,
  keys: {
    heading: 'consult.response.concerns',
    add: 'consult.response.addConcern',
    empty: 'consult.response.noConcerns',
    title: 'consult.response.concernSubject',
    text: 'consult.response.concernDescription',
    titleRequired: 'consult.response.concernRequired',
  },
};

/** A response's sections and concerns (ConsultResponseSection, ConsultResponseConcern). */
export function ResponsePartsSection({ item, editable }: ItemSectionProps) {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t('consult.response.partsTitle')} testId="section-response-parts">
      <Stack sx={{ gap: 3 }}>
        <PartList item={item} kind={SECTIONS} editable={editable} />
        <PartList item={item} kind={CONCERNS} editable={editable} />
      </Stack>
    </SectionFrame>
  );
}
