import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AttachmentDownloadButton,
  readMany,
  useApp,
  type Item,
  type ItemSectionProps,
} from '../../../../client/module-api';
import { sentLetterFiles } from './sent-model';

/**
 * The consultation's sent letters (docs/consult-letters.md "Kept among the consultation's
 * files"): the PDF and DOCX of each letter its responses sent, found among the consultation's
 * files (ConsultAttachment rows, read through the policy: the response's readers alone, so a
 * proponent finds none here and the section shows nothing for them).
 */
export function SentLettersSection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const files = useQuery({
    queryKey: ['sentLetterFiles', item.$id],
    queryFn: async () => {
      const r = await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: ['ConsultAttachment'], consultation: [item.$id] },
        sort: [{ key: '_c.ts', order: 'desc' }],
        max: 200,
      });
      const rows = await readMany(client, qc, r.ids);
      const atts = await readMany(
        client,
        qc,
        r.ids.map((id) => rows[id]?.attachment).filter((x): x is string => typeof x === 'string'),
      );
      return sentLetterFiles(Object.values(atts));
    },
    retry: false,
  });
  const list: Item[] = files.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={`sent-letters-${item.$id}`}>
      <Typography
        id={`sent-letters-${item.$id}`}
        variant="subtitle1"
        component="h2"
        sx={{ px: 2, pt: 1, fontWeight: 600 }}
      >
        {t('consult.letter.sentLetters')}
      </Typography>
      <List dense sx={{ px: 1 }} data-testid="sent-letters">
        {list.map((f) => (
          <ListItem key={f.$id} secondaryAction={<AttachmentDownloadButton att={f} />}>
            <ListItemText primary={String(f.originalName ?? '')} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
