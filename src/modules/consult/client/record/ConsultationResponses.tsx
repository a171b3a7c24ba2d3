import { Alert, Box, CircularProgress, List } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  ItemLinkRow,
  SectionFrame,
  type Item,
  type ItemSectionProps,
} from '../../../../client/module-api';
import { dueInfo } from './days-left';
import { useConsultationResponses } from './useConsultationResponses';

/**
 * The communities' responses to this consultation: community, state, outcome, who is assigned
 * and when it is due. The search is the policy's: community staff find their community's, a
 * proponent or regulator finds none, and then the section says nothing at all.
 */
export function ConsultationResponses({ item }: ItemSectionProps) {
  const { t } = useTranslation();
  const q = useConsultationResponses(item);
  if (q.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress size={24} aria-label={t('consult.responses.title')} />
      </Box>
    );
  if (q.isError) return <Alert severity="error">{t('consult.responses.loadFailed')}</Alert>;
  // Nothing this user may read: no heading, no hint that responses exist.
  if (!q.data.ids.length) return null;
  return (
    // Framed like the record's other sections, with the count beside the heading.
    <SectionFrame title={t('consult.responses.title')} count={q.data.ids.length} testId="consult-responses">
      <List dense disablePadding>
        {q.data.ids.map((id) => {
          const r = q.data.items[id];
          return r ? (
            <ResponseRow key={id} r={r} labels={{ ...q.data.labels, ...(r.$labels ?? {}) }} />
          ) : null;
        })}
      </List>
    </SectionFrame>
  );
}

function ResponseRow({ r, labels }: { r: Item; labels: Record<string, string> }) {
  const { t } = useTranslation();
  const community = typeof r.community === 'string' ? (labels[r.community] ?? t('item.notShown')) : '';
  const assigned = Array.isArray(r['_wf.$assigned'])
    ? (r['_wf.$assigned'] as string[]).map((u) => labels[u] ?? t('item.someone')).join(', ')
    : '';
  const dueDate = typeof r.anticipatedResponse === 'string' ? r.anticipatedResponse : null;
  const due = dueDate && r.state === 'PENDING' ? dueInfo(dueDate, new Date()) : null;
  const parts = [
    `${t('consult.responses.state')}: ${t(`consult.response.states.${String(r.state)}`, { defaultValue: String(r.state ?? '') })}`,
    r.outcome ? `${t('consult.responses.outcome')}: ${labels[String(r.outcome)] ?? String(r.outcome)}` : null,
    `${t('consult.responses.assigned')}: ${assigned || t('consult.responses.nobody')}`,
    dueDate
      ? `${t('consult.responses.due')}: ${formatDate(dueDate)}${
          due?.tone === 'overdue' ? ` (${t('consult.summary.overdue', { count: -due.days })})` : ''
        }`
      : null,
  ].filter(Boolean);
  return <ItemLinkRow id={r.$id} type={r._t} primary={community} secondary={parts.join(' · ')} />;
}
