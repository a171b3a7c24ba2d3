import CloseIcon from '@mui/icons-material/Close';
import { Box, Card, CardActionArea, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeIcon, typeLabel, useCellLink } from '../../../client/module-api';

/**
 * One member on the exhibition page: its image (the item's own image route, which answers only
 * what the reader may see) or its type's icon, its name and type. A member added by hand can be
 * taken out by whoever may change the collection.
 */
export function MemberCard(p: { id: string; label: string; onRemove?: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  const link = useCellLink()(`i-${p.id}`);
  const [noImage, setNoImage] = useState(false);
  const type = p.id.split('-')[0] ?? '';
  return (
    <Card variant="outlined" component="li" sx={{ position: 'relative', listStyle: 'none' }}>
      <CardActionArea component="a" href={link.href} onClick={link.onClick} sx={{ height: '100%' }}>
        <Box
          sx={{
            aspectRatio: '4 / 3',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {noImage ? (
            <TypeIcon type={type} sx={{ fontSize: 48, color: 'text.secondary' }} />
          ) : (
            <Box
              component="img"
              src={`/item-id-image/${encodeURIComponent(p.id)}?variant=small`}
              alt=""
              loading="lazy"
              onError={() => setNoImage(true)}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </Box>
        <Box sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 600 }} noWrap title={p.label}>
            {p.label}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {typeLabel(t, type)}
          </Typography>
        </Box>
      </CardActionArea>
      {p.onRemove && (
        <Tooltip title={t('collections.remove', { name: p.label })}>
          <IconButton
            size="small"
            aria-label={t('collections.remove', { name: p.label })}
            disabled={p.busy}
            onClick={p.onRemove}
            sx={{
              position: 'absolute',
              top: 6,
              right: 6,
              bgcolor: 'background.paper',
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Card>
  );
}
