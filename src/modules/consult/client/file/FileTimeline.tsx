import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateItemDialog,
  formatDate,
  itemType,
  SectionFrame,
  TypeIcon,
  useApp,
  useCanCreate,
  useCell,
  useCellLink,
  useLiveRefetch,
  useLovLabel,
  useTypeEnv,
  type ItemSectionProps,
} from '../../../../client/module-api';
import type { FileMoment } from '../../contract-file';
import { useConsultationResponses } from '../record/useConsultationResponses';
import { momentWords, type LovWord } from './file-words';

const DraftLetterDialog = lazy(() =>
  import('./DraftLetterDialog').then((m) => ({ default: m.DraftLetterDialog })),
);

/** How many of the newest moments the record shows before "Show all". */
export const FILE_SHOWN = 8;

/**
 * The referral's file on the consultation's record (act cnsFileTimeline): one timeline of its
 * moves, its responses' steps, the calls, meetings, conversations, files and letters about it,
 * each in words and each a link to what it is about; with "Log a call", "Add a meeting", "Draft a
 * letter" and "Open the response" in place (the last two for whoever may read a response). Kept live: a new call log, meeting, conversation, file or response move reads it again.
 */
export function FileTimeline({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const env = useTypeEnv();
  const [all, setAll] = useState(false);
  const [creating, setCreating] = useState<'CommLog' | 'Meeting' | null>(null);
  const cell = useCell();
  const canLog = useCanCreate('CommLog');
  const canMeet = useCanCreate('Meeting');
  const [lettering, setLettering] = useState(false);
  const responses = useConsultationResponses(item);
  const readable = (responses.data?.ids ?? [])
    .map((id) => responses.data?.items[id])
    .filter((r): r is NonNullable<typeof r> => !!r);
  const q = useQuery({
    queryKey: ['cnsFileTimeline', item.$id, item._u],
    queryFn: () => client.act('cnsFileTimeline', { consultation: item.$id }),
    retry: false,
  });
  const refetch = useCallback(() => q.refetch(), [q]);
  const about = useMemo(() => ({ context: [item.$id] }), [item.$id]);
  useLiveRefetch({ _t: ['CommLog', 'Meeting', 'Thread'], ...about }, env, refetch);
  useLiveRefetch({ _t: ['ConsultResponse', 'ConsultAttachment'], consultation: [item.$id] }, env, refetch);
  const lovLabel = useLovLabel([itemType('CommLog')]);
  const lov: LovWord = (list, key) => lovLabel(list, key, typeof item.owner === 'string' ? item.owner : null);
  const moments = q.data?.moments ?? [];
  const shown = all ? moments : moments.slice(0, FILE_SHOWN);
  const initial = useMemo(() => ({ context: item.$id }), [item.$id]);
  const initialLabels = useMemo(
    () => ({ [item.$id]: typeof item.projectName === 'string' ? item.projectName : t('item.notShown') }),
    [item.$id, item.projectName, t],
  );
  const createType = creating ? itemType(creating) : undefined;
  return (
    <SectionFrame
      title={t('consult.file.title')}
      count={moments.length || undefined}
      testId="section-consult-file"
      action={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {canLog && (
            <Button size="small" variant="outlined" onClick={() => setCreating('CommLog')}>
              {t('consult.file.logCall')}
            </Button>
          )}
          {canMeet && (
            <Button size="small" variant="outlined" onClick={() => setCreating('Meeting')}>
              {t('consult.file.addMeeting')}
            </Button>
          )}
          {readable.length > 0 && (
            <Button size="small" variant="outlined" onClick={() => setLettering(true)}>
              {t('consult.file.draftLetter')}
            </Button>
          )}
          {readable.length > 0 && (
            <Button size="small" variant="outlined" onClick={() => cell.open(`i-${readable[0]!.$id}`)}>
              {t('consult.file.openResponse')}
            </Button>
          )}
        </Stack>
      }
    >
      {q.isPending && (
        <Box aria-busy="true" aria-label={t('consult.file.title')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Box>
      )}
      {q.isError && <Alert severity="error">{t('consult.file.loadFailed')}</Alert>}
      {q.isSuccess && moments.length === 0 && (
        <Box sx={{ color: 'text.secondary' }}>{t('consult.file.empty')}</Box>
      )}
      {shown.length > 0 && (
        <List dense disablePadding aria-label={t('consult.file.title')} data-consult-file>
          {shown.map((m, i) => (
            <MomentRow
              key={`${m.kind}-${m.item}-${m.at}-${i}`}
              m={m}
              labels={q.data?.$labels ?? {}}
              lov={lov}
            />
          ))}
        </List>
      )}
      {(moments.length > FILE_SHOWN || (all && q.data?.more)) && (
        <Stack direction="row" sx={{ mt: 1, gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {moments.length > FILE_SHOWN && (
            <Button size="small" onClick={() => setAll((a) => !a)} aria-expanded={all}>
              {all ? t('consult.file.showRecent') : t('consult.file.showAll', { count: moments.length })}
            </Button>
          )}
          {all && q.data?.more && (
            <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
              {t('consult.file.more')}
            </Box>
          )}
        </Stack>
      )}
      {lettering && readable.length > 0 && (
        <Suspense fallback={null}>
          <DraftLetterDialog
            responses={readable}
            labels={responses.data?.labels ?? {}}
            onClose={() => {
              setLettering(false);
              void q.refetch();
            }}
          />
        </Suspense>
      )}
      {creating && createType && (
        <CreateItemDialog
          type={createType}
          initial={creating === 'CommLog' ? { ...initial, date: new Date().toISOString() } : initial}
          initialLabels={initialLabels}
          onClose={() => setCreating(null)}
          onCreated={(made) => {
            setCreating(null);
            void q.refetch();
            cell.open(`i-${made.$id}`);
          }}
        />
      )}
    </SectionFrame>
  );
}

function MomentRow({ m, labels, lov }: { m: FileMoment; labels: Record<string, string>; lov: LovWord }) {
  const { t } = useTranslation();
  const link = useCellLink()(`i-${m.item}`);
  const words = momentWords(t, m, labels, lov);
  // A meeting's hour is the site's clock (UTC), said in its detail: its date alone here.
  const when = m.kind === 'meeting' ? formatDate(m.at.slice(0, 10)) : formatDate(m.at);
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component="a"
        href={link.href}
        onClick={link.onClick}
        sx={{ borderRadius: 1, alignItems: 'flex-start' }}
      >
        <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
          <TypeIcon type={m.type} fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={words.text}
          secondary={words.detail ? `${when} · ${words.detail}` : when}
          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
