import AddIcon from '@mui/icons-material/Add';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, useApp, type ItemSectionProps } from '../../../client/module-api';
import { AddMembersDialog } from './AddMembersDialog';
import { SearchMembersDialog } from './SearchMembersDialog';
import { MemberCard } from './MemberCard';
import { MEMBERS_PAGE, useMembers } from './useMembers';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * A collection's page as an exhibition (issue 17 "A collection page shows its featured image and
 * members"): the featured image large, the subtitle and description, then the members the reader
 * may see as a grid of images. Whoever may change the collection adds members and takes out the
 * ones added by hand (addRels/removeRels on `rel`); members that joined by naming the collection
 * themselves, or by the collection's search, stay while they do.
 */
export default function ExhibitionSection({ item, editable, onSaved }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [shown, setShown] = useState(MEMBERS_PAGE);
  const [adding, setAdding] = useState(false);
  const [bySearch, setBySearch] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const members = useMembers(item, shown);
  const byHand = useMemo(() => new Set(strings(item.rel)), [item.rel]);
  const types = strings(item.constrainTypes);
  const title = typeof item.title === 'string' ? item.title : '';
  const subtitle = typeof item.subtitle === 'string' ? item.subtitle : '';
  const description = typeof item.description === 'string' ? item.description : '';
  const dynamic = item.membershipQuery !== undefined && item.membershipQuery !== null;
  const total = members.data?.total ?? 0;

  const failed = (e: unknown) =>
    setError(t(e instanceof RequestError ? `errors.${e.userMessage}` : 'errors.generalFailure'));
  const add = async (ids: string[]) => {
    const saved = await client.act('addRels', { prop: 'rel', itemID: item.$id, rels: ids });
    onSaved?.(saved as typeof item);
  };
  const remove = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      const saved = await client.act('removeRels', { prop: 'rel', itemID: item.$id, ids: [id] });
      onSaved?.(saved as typeof item);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-label={t('collections.exhibition', { title })} sx={{ px: 2, pb: 2 }}>
      {typeof item.featureImage === 'string' && item.featureImage && (
        <Box
          component="img"
          src={`/item-id-image/${encodeURIComponent(item.$id)}?variant=large`}
          alt={t('collections.featureImage', { title })}
          sx={{
            width: '100%',
            maxHeight: { xs: 220, sm: 360 },
            objectFit: 'cover',
            borderRadius: 2,
            display: 'block',
            mb: 2,
          }}
        />
      )}
      {subtitle && (
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 1 }}>
          {subtitle}
        </Typography>
      )}
      {description && (
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2, maxWidth: '70ch' }}>{description}</Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('collections.members')}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {members.data ? t('collections.count', { count: total }) : ''}
          </Typography>
        </Typography>
        {dynamic && (
          <Typography variant="body2" color="text.secondary">
            {t('collections.dynamic')}
          </Typography>
        )}
        {editable && (
          <>
            <Button startIcon={<ManageSearchIcon />} onClick={() => setBySearch(true)}>
              {t('collections.bySearch')}
            </Button>
            <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('collections.add')}
            </Button>
          </>
        )}
      </Stack>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {members.isError && <Alert severity="error">{t('collections.loadFailed')}</Alert>}
      {members.data && total === 0 && (
        <Typography color="text.secondary">
          {editable ? t('collections.emptyEditable') : t('collections.empty')}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={t('collections.members')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 2,
          p: 0,
          m: 0,
        }}
      >
        {(members.data?.ids ?? []).map((id) => (
          <MemberCard
            key={id}
            id={id}
            label={members.data?.labels[id] ?? id}
            busy={busy === id}
            onRemove={editable && byHand.has(id) ? () => void remove(id) : undefined}
          />
        ))}
      </Box>
      {members.data && members.data.ids.length < total && (
        <Button sx={{ mt: 1 }} onClick={() => setShown((n) => n + MEMBERS_PAGE)}>
          {t('collections.showMore', { count: total - members.data.ids.length })}
        </Button>
      )}
      {editable && bySearch && (
        <SearchMembersDialog open item={item} onClose={() => setBySearch(false)} onSaved={onSaved} />
      )}
      {editable && (
        <AddMembersDialog
          open={adding}
          types={types}
          already={byHand}
          onClose={() => setAdding(false)}
          onAdd={add}
        />
      )}
    </Box>
  );
}
