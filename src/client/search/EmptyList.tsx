import AddIcon from '@mui/icons-material/Add';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { emptyKeys } from './row-model';

export interface EmptyListProps {
  /** How many filters are on; with search text, nothing matches them (not: nothing exists). */
  filters: number;
  text: string;
  screenName: string;
  /** The one type the list holds, when it holds one. */
  typeName: string | null;
  /** The list's primary action, when the user may take it. */
  create: { label: string; onCreate(): void } | null;
  onClear(): void;
}

/**
 * What an empty list says: when filters hide everything, that nothing matches and a way to clear
 * them; otherwise what belongs in the list and its primary action (spec: every empty list says
 * what belongs there). The words are the screen's, else its type's, else general ones.
 */
export function EmptyList({ filters, text, screenName, typeName, create, onClear }: EmptyListProps) {
  const { t } = useTranslation();
  const words = text.trim();
  if (filters > 0 || words) {
    return (
      <Box role="status" sx={boxSx}>
        <FilterListOffIcon sx={iconSx} aria-hidden />
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {words ? t('search.empty.noMatchText', { text: words }) : t('search.empty.noMatch')}
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {filters ? t('search.empty.noMatchHint') : t('search.empty.otherWords')}
        </Typography>
        <Button variant="outlined" onClick={onClear} sx={{ mt: 1 }}>
          {!filters
            ? t('search.empty.clearText')
            : words
              ? t('search.empty.clearAll')
              : t('search.clearFilters')}
        </Button>
      </Box>
    );
  }
  const keys = emptyKeys(screenName, typeName);
  const say = (part: 'title' | 'body') =>
    keys.reduceRight(
      (fallback, k) => t(`${k}.${part}`, { defaultValue: fallback, nsSeparator: false }),
      part === 'title' ? t('search.empty.nothing.title') : '',
    );
  const body = say('body');
  return (
    <Box role="status" sx={boxSx}>
      <InboxOutlinedIcon sx={iconSx} aria-hidden />
      <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {say('title')}
      </Typography>
      {body && (
        <Typography component="p" variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          {body}
        </Typography>
      )}
      {create && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={create.onCreate} sx={{ mt: 1 }}>
          {create.label}
        </Button>
      )}
    </Box>
  );
}

const boxSx = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: 0.5,
  py: 5,
  px: 2,
} as const;

const iconSx = { fontSize: 40, color: 'text.disabled', mb: 0.5 } as const;
