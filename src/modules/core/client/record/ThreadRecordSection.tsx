import { Box } from '@mui/material';
import type { ItemSectionProps } from '../../../../client/module-api';
import { ThreadPane } from '../conversations/ThreadPane';

/**
 * A Thread opened as an item is its conversation: the messages and the reply box right below the
 * record's header and fields, as on the conversations screen (the same pane, without its own
 * title and link, which the record already is).
 */
export function ThreadRecordSection({ item }: ItemSectionProps) {
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="thread-record">
      <ThreadPane threadId={item.$id} embedded />
    </Box>
  );
}
