import { Box, Chip, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  AttachmentDownloadButton,
  enumLabel,
  formatDate,
  readMany,
  useApp,
  useItemHref,
  useOrgLabels,
  type ItemSectionProps,
} from '../../../../client/module-api';
import { SubmissionPdfLink } from '../record/SubmissionPdfLink';
import { loadFromCommunity } from './from-community-load';

/**
 * "From the community" on a consultation, for its outside readers (a proponent, a regulator):
 * where it stands, and every word the community sent them about it (what it asked for, the
 * overlay summary, its response letter, an invoice), each signed with the community's name and
 * date, with the files sent. Read through the policy: only threads shared with the reader. Above
 * them, the PDF of what was submitted.
 */
export function FromCommunitySection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const href = useItemHref();
  const got = useQuery({
    queryKey: ['consultFromCommunity', item.$id, item._u],
    queryFn: async () => {
      const { entries } = await loadFromCommunity(client, qc, { context: item.$id, max: 100 });
      const files = await readMany(
        client,
        qc,
        entries.flatMap((e) => e.files),
      );
      return { entries, files };
    },
    retry: false,
  });
  const entries = got.data?.entries ?? [];
  const orgNames = useOrgLabels(entries.map((e) => e.from).filter((o): o is string => !!o));
  const headingId = `from-community-${item.$id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ px: 2, py: 1 }} data-testid="from-community">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('consult.outside.title')}
      </Typography>
      {typeof item.state === 'string' && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('consult.outside.state', { state: enumLabel(t, item.state) })}
        </Typography>
      )}
      <Box sx={{ mb: 1 }}>
        <SubmissionPdfLink item={item} />
      </Box>
      {got.isError ? (
        <Typography variant="body2" color="error">
          {t('consult.outside.loadFailed')}
        </Typography>
      ) : got.isSuccess && entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('consult.outside.empty')}
        </Typography>
      ) : (
        <List disablePadding aria-labelledby={headingId}>
          {entries.map((e) => (
            <ListItem
              key={e.thread}
              disableGutters
              sx={{ display: 'block', borderTop: 1, borderColor: 'divider', py: 1 }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={t(`consult.outside.purpose.${e.purpose}`)} />
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {e.subject}
                </Typography>
              </Stack>
              {e.body && (
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', mt: 0.5, overflowWrap: 'anywhere' }}
                >
                  {e.body}
                </Typography>
              )}
              {e.files.map((f) => {
                const att = got.data?.files[f];
                return att ? (
                  <Stack key={f} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2">{String(att.originalName ?? '')}</Typography>
                    <AttachmentDownloadButton att={att} />
                  </Stack>
                ) : null;
              })}
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {t('consult.outside.signed', {
                  community: (e.from && orgNames[e.from]) || '',
                  date: formatDate(e.at),
                })}
                {' · '}
                <Link component={RouterLink} to={href(e.thread)}>
                  {t('consult.outside.open')}
                </Link>
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
