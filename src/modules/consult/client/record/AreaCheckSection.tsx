import { Alert, Box, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferralChips } from '../create/ReferralChips';
import {
  itemType,
  readMany,
  readSearchReply,
  SectionFrame,
  useApp,
  useCellLink,
  type ItemSectionProps,
} from '../../../../client/module-api';
import type { Geometry } from '../../../../kernel/geometry';
import {
  checkBody,
  findings,
  type CheckedReferral,
  type IntakeCheckReply,
} from '../create/intake-check-model';

/** More parts than any referral's area has (as spatial's area section reads them). */
const PARTS_MAX = 200;

/**
 * What else lies in the referral's area, kept on its record (issue 37 Deliver 3 and 4): the
 * intake check (act cnsIntakeCheck) run again as the reader, the referral itself left out. Other
 * referrals with an overlapping area or one of its file numbers, each opening beside the record;
 * and, for the community's staff only, how many of the community's places (that they may read)
 * lie in it. What the reader may not read is neither named nor counted, by the act.
 */
export function AreaCheckSection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const parts = itemType('Consultation')?.areaParts;
  const q = useQuery({
    queryKey: ['consultAreaCheck', item.$id, item._u],
    queryFn: async () => {
      const found = readSearchReply(
        await client.request('search/ids', {
          must: { _t: [parts!.type], [parts!.link]: [item.$id] },
          max: PARTS_MAX,
        }),
      );
      const read = await readMany(client, qc, found.ids);
      const geometries = found.ids
        .map((id) => read[id]?.geometry)
        .filter((g): g is Geometry => !!g && typeof g === 'object');
      const reply = (await client.act('cnsIntakeCheck', {
        ...checkBody(item, geometries),
        exclude: item.$id,
      })) as IntakeCheckReply;
      return { drawn: geometries.length > 0, found: findings(reply) };
    },
    enabled: !!parts,
    retry: false,
  });
  if (!parts) return null;
  const found = q.data?.found;
  const drawn = q.data?.drawn ?? false;
  return (
    <SectionFrame title={t('consult.areaCheck.title')} testId="section-consult-area-check">
      {q.isPending && <Skeleton height={40} aria-label={t('consult.areaCheck.title')} />}
      {q.isError && <Alert severity="error">{t('consult.areaCheck.loadFailed')}</Alert>}
      {found && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {found.places !== null && drawn && (
            <Typography variant="body2" data-testid="consult-area-places">
              {t('consult.intake.check.places', { count: found.places })}
            </Typography>
          )}
          {found.clear ? (
            <Typography variant="body2" color="text.secondary">
              {drawn ? t('consult.areaCheck.clear') : t('consult.areaCheck.clearNumbers')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('consult.areaCheck.others')}>
              {found.referrals.map((r) => (
                <ReferralRow key={r.$id} r={r} />
              ))}
            </List>
          )}
          {found.moreOverlapping > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('consult.intake.check.more', { count: found.moreOverlapping })}
            </Typography>
          )}
        </Box>
      )}
    </SectionFrame>
  );
}

function ReferralRow({ r }: { r: CheckedReferral & { matched: string[]; overlaps: boolean } }) {
  const link = useCellLink()(`i-${r.$id}`);
  return (
    <ListItemButton
      component="a"
      href={link.href}
      onClick={link.onClick}
      divider
      sx={{ px: 1, flexWrap: 'wrap' }}
    >
      <ListItemText
        primary={r.label}
        secondary={<ReferralChips r={r} />}
        slotProps={{ secondary: { component: 'span' } }}
      />
    </ListItemButton>
  );
}
