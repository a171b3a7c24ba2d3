import { Box } from '@mui/material';
import { AttachmentsSection, type ItemSectionProps } from '../../../client/module-api';

/** The Attachments of an item whose type holds files, below its form. */
export function AttachmentsItemSection({ item, type, editable }: ItemSectionProps) {
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <AttachmentsSection item={item} type={type} editable={editable} />
    </Box>
  );
}
