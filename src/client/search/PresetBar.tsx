import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListPreset } from '../../kernel/view';

/**
 * A list's preset filters (ListScreenDecl.presets) as toggle chips: one on at a time, pressed
 * state announced, so "Overdue" or "Assigned to me" is one click or key press away.
 */
export function PresetBar({
  presets,
  active,
  onToggle,
}: {
  presets: readonly ListPreset[];
  active: string | null;
  onToggle(p: ListPreset): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('search.presets')}
      sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}
    >
      {presets.map((p) => {
        const on = active === p.id;
        return (
          <Chip
            key={p.id}
            data-preset={p.id}
            label={t(p.titleKey)}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => onToggle(p)}
          />
        );
      })}
    </Stack>
  );
}
