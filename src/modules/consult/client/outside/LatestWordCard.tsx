import { Box, List, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  itemLabel,
  ItemLinkRow,
  readMany,
  useApp,
  useCardCount,
  useLiveRefetch,
  useOrgLabels,
  useSession,
  useTypeEnv,
} from '../../../../client/module-api';
import { loadFromCommunity } from './from-community-load';
import { FROM_COMMUNITY_PURPOSES, gist, latestWords } from './from-community-model';

/** How many referrals the card lists; its count says how many have a word in all. */
const SHOWN = 6;
const LINE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * The desk's "The community's latest word" for outside parties (issue 38, Deliver 2): each of
 * their referrals a community last wrote to them about, newest first, with who wrote, when, what
 * kind of word and its first line. Only threads shared with the reader, through the policy.
 */
export default function LatestWordCard() {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const q = useQuery({
    queryKey: ['consultLatestWord', user?.$id],
    queryFn: async () => {
      const { entries } = await loadFromCommunity(client, qc, { newestFirst: true, max: 60 });
      const all = latestWords(entries);
      const shown = all.slice(0, SHOWN);
      const about = await readMany(
        client,
        qc,
        shown.map((e) => e.about!),
      );
      // A consultation the reader may no longer read is not named.
      return { words: shown.filter((e) => about[e.about!]), about, total: all.length };
    },
    enabled: !!user,
    retry: false,
  });
  // Live: a community's new word is a new outward thread (a regulator's copy brings no
  // notification, so the thread itself is watched).
  useLiveRefetch({ _t: ['Thread'], purpose: [...FROM_COMMUNITY_PURPOSES] }, useTypeEnv(), q.refetch);
  const words = q.data?.words ?? [];
  const orgNames = useOrgLabels(words.map((w) => w.from).filter((o): o is string => !!o));
  useCardCount(q.data?.total);
  if (q.isPending)
    return (
      <>
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </>
    );
  if (q.isError)
    return (
      <Typography color="error" role="alert" variant="body2">
        {t('consult.outside.latest.failed')}
      </Typography>
    );
  if (!words.length)
    return (
      <Typography color="text.secondary" variant="body2">
        {t('consult.outside.latest.empty')}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={t('consult.outside.latest.label')}>
      {words.map((w) => (
        <ItemLinkRow
          key={w.about}
          id={w.about!}
          type="Consultation"
          primary={itemLabel(q.data!.about[w.about!]!)}
          // Who and when on one line, the word on the next: a third of the desk is narrow.
          secondary={
            <>
              <Box component="span" sx={LINE}>
                {`${(w.from && orgNames[w.from]) || t('consult.outside.latest.aCommunity')} · ${formatDate(w.at.slice(0, 10))}`}
              </Box>
              <Box component="span" sx={LINE}>
                {`${t(`consult.outside.purpose.${w.purpose}`)}: ${gist(w.body || w.subject)}`}
              </Box>
            </>
          }
        />
      ))}
    </List>
  );
}
