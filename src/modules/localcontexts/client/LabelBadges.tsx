import { Box, ButtonBase, Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemBadgesProps } from '../../../client/module-api';
import { itemLabelKeys, LC_PROJECT_KEY, TK_LABELS_KEY, type LabelDef } from '../labels';
import { BadgeIcon, badgeText } from './BadgeIcon';
import { LabelDialog } from './LabelDialog';
import { useCommunityLabels } from './useCommunityLabels';
import { wordingOf } from './wording';

/**
 * An item's Local Contexts labels as badges (ClientModule.itemBadges). In the record's header each
 * is a button named by the label and its badge's text (what a sighted user reads on it, for
 * voice control); its tooltip gives the name and text (the owning community's wording when it has
 * one), a click opens the label with its recording. On a search result they are one picture
 * named by the labels' names, inside the result's link.
 */
export default function LabelBadges({ item, interactive }: ItemBadgesProps) {
  const { t } = useTranslation();
  const labels = itemLabelKeys(item[TK_LABELS_KEY]);
  const custom = useCommunityLabels(item.owner, interactive && labels.length > 0);
  const [open, setOpen] = useState<LabelDef | null>(null);
  if (!labels.length) return null;
  if (!interactive) {
    const names = labels.map((l) => wordingOf(t, l.key, undefined).name).join(', ');
    return (
      <Box
        component="span"
        role="img"
        aria-label={`${t('localcontexts.badges')}: ${names}`}
        title={names}
        data-lc-badges
        sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
      >
        {labels.map((l) => (
          <BadgeIcon key={l.key} label={l} height={18} />
        ))}
      </Box>
    );
  }
  const project = typeof item[LC_PROJECT_KEY] === 'string' ? (item[LC_PROJECT_KEY] as string) : null;
  return (
    <Box
      component="ul"
      aria-label={t('localcontexts.badges')}
      data-lc-badges
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}
    >
      {labels.map((l) => {
        const w = wordingOf(t, l.key, custom.get(l.key));
        return (
          <li key={l.key}>
            <Tooltip
              title={
                <>
                  <strong>{w.name}</strong>
                  <br />
                  {w.text}
                </>
              }
            >
              <ButtonBase
                aria-haspopup="dialog"
                onClick={() => setOpen(l)}
                sx={{
                  borderRadius: 1,
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <BadgeIcon label={l} />
                {/* The name in words, not an aria-label: the badge's own text ("TK A") is in
                    it too, as the visible text of a control must be. */}
                <Box component="span" sx={visuallyHidden}>
                  {t('localcontexts.badge', { name: w.name, code: badgeText(l) })}
                </Box>
              </ButtonBase>
            </Tooltip>
          </li>
        );
      })}
      {open && (
        <LabelDialog
          label={open}
          custom={custom.get(open.key)}
          project={project}
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
}
