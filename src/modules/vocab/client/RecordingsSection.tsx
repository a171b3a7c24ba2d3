import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionFrame, useItem, type ItemSectionProps } from '../../../client/module-api';
import { mediaIds, recordingUrl } from './media';
import { speakerName } from '../speaker';

const Recorder = lazy(() => import('./Recorder'));

/** A word's recordings, each with its speaker, and the recorder for those who may change the word. */
export default function RecordingsSection({ item, editable }: ItemSectionProps) {
  const { t } = useTranslation();
  const ids = mediaIds(item);
  return (
    <SectionFrame title={t('vocab.recordings.title')} count={ids.length} testId="vocab-recordings">
      {ids.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('vocab.recordings.none')}
        </Typography>
      )}
      <List dense disablePadding>
        {ids.map((id) => (
          <RecordingRow key={id} id={id} />
        ))}
      </List>
      {editable && (
        <Suspense fallback={null}>
          <Recorder lexemeId={item.$id} />
        </Suspense>
      )}
    </SectionFrame>
  );
}

function RecordingRow({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data } = useItem(id);
  const who = speakerName(data?.originalName) ?? t('vocab.recordings.unknownSpeaker');
  return (
    <ListItem disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText primary={t('vocab.recordings.by', { name: who })} />
      <audio
        controls
        preload="none"
        src={recordingUrl(id)}
        aria-label={t('vocab.recordings.play', { name: who })}
      />
    </ListItem>
  );
}
