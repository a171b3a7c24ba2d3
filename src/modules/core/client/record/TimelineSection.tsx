import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ItemSectionProps, TimelineList, useTimeline } from '../../../../client/module-api';
import { SectionFrame } from '../../../../client/module-api';

/** How many of the newest events the record shows before "Show all". */
export const TIMELINE_SHOWN = 5;

/** The item's recent history on the record itself: the newest few events, then all of them. */
export function TimelineSection({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  // The same query as the list's: the count decides whether there is more to show.
  const { events } = useTimeline(item);
  return (
    <SectionFrame
      title={t('record.history')}
      testId="section-history"
      count={events.length || undefined}
      action={
        events.length > TIMELINE_SHOWN ? (
          <Button size="small" onClick={() => setAll((a) => !a)} aria-expanded={all}>
            {all ? t('record.showRecent') : t('record.showAll')}
          </Button>
        ) : null
      }
    >
      <TimelineList item={item} limit={all ? undefined : TIMELINE_SHOWN} />
    </SectionFrame>
  );
}
