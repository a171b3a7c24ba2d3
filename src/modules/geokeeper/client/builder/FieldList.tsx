import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import { Box, ButtonBase, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../form/definition';
import { KindIcon } from './KindIcon';
import type { BuilderIssue } from './issues';
import { canMoveIn, flatten, samePath } from './model';

// The form's fields as an indented list, in form order: select one to edit it (its editor opens
// under it); move it with the buttons or Alt + arrow keys; in and out of groups; remove it.

export interface FieldListProps {
  def: FormDefinition;
  selected: number[] | null;
  issues: readonly BuilderIssue[];
  onSelect(path: number[] | null): void;
  onMove(path: number[], dir: -1 | 1): void;
  onMoveIn(path: number[]): void;
  onMoveOut(path: number[]): void;
  onRemove(path: number[]): void;
  /** The editor of the selected field, shown under its row. */
  editor: ReactNode;
}

export function FieldList(p: FieldListProps) {
  const { t } = useTranslation();
  const rows = flatten(p.def);
  const onKey = (e: KeyboardEvent, path: number[]) => {
    if (!e.altKey) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      p.onMove(path, e.key === 'ArrowUp' ? -1 : 1);
    } else if (e.key === 'ArrowRight' && canMoveIn(p.def, path)) {
      e.preventDefault();
      p.onMoveIn(path);
    } else if (e.key === 'ArrowLeft' && path.length > 1) {
      e.preventDefault();
      p.onMoveOut(path);
    }
  };
  return (
    <Stack
      component="ol"
      spacing={0.75}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('geokeeper.builder.fields')}
    >
      {rows.map(({ field, path, depth }) => {
        const selected = samePath(p.selected, path);
        const label = field.label || field.name;
        const kind = t(`geokeeper.form.kind.${field.kind}`);
        const nIssues = p.issues.filter((i) => samePath(i.path, path)).length;
        const siblings = path.length === 1 ? p.def.fields.length : undefined;
        const last = path[path.length - 1]!;
        return (
          <Box
            component="li"
            key={path.join('.')}
            sx={{ pl: { xs: depth * 1.5, sm: depth * 3 } }}
            data-row={field.name}
          >
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                border: 1,
                borderColor: selected ? 'primary.main' : 'divider',
                borderLeftWidth: selected ? 4 : 1,
                borderRadius: 1,
                bgcolor: selected ? 'action.selected' : 'background.paper',
                minHeight: 48,
              }}
            >
              <ButtonBase
                onClick={() => p.onSelect(selected ? null : path)}
                onKeyDown={(e) => onKey(e, path)}
                aria-expanded={selected}
                sx={{
                  flex: 1,
                  minWidth: 0,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  px: 1,
                  py: 0.75,
                  gap: 1,
                  alignSelf: 'stretch',
                }}
                data-testid={`builder-row-${field.name}`}
              >
                <KindIcon kind={field.kind} fontSize="small" color="action" aria-hidden />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                    {label}
                    {field.required && (
                      <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.5 }}>
                        *
                      </Box>
                    )}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {kind}
                    {field.relevant ? ` · ${t('geokeeper.builder.relevantTitle')}` : ''}
                  </Typography>
                </Box>
                {nIssues > 0 && (
                  <Chip
                    size="small"
                    color="error"
                    variant="outlined"
                    icon={<ErrorOutlineIcon />}
                    label={nIssues}
                    aria-label={t('geokeeper.builder.problems', { count: nIssues })}
                  />
                )}
              </ButtonBase>
              <Stack direction="row" sx={{ flexShrink: 0, pr: 0.5 }}>
                <RowButton
                  label={t('geokeeper.builder.moveUp', { label })}
                  disabled={last === 0}
                  onClick={() => p.onMove(path, -1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </RowButton>
                <RowButton
                  label={t('geokeeper.builder.moveDown', { label })}
                  disabled={siblings !== undefined && last === siblings - 1}
                  onClick={() => p.onMove(path, 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </RowButton>
                {canMoveIn(p.def, path) && (
                  <RowButton
                    label={t('geokeeper.builder.moveIn', { label })}
                    onClick={() => p.onMoveIn(path)}
                  >
                    <FormatIndentIncreaseIcon fontSize="small" />
                  </RowButton>
                )}
                {path.length > 1 && (
                  <RowButton
                    label={t('geokeeper.builder.moveOut', { label })}
                    onClick={() => p.onMoveOut(path)}
                  >
                    <FormatIndentDecreaseIcon fontSize="small" />
                  </RowButton>
                )}
                <RowButton label={t('geokeeper.builder.remove', { label })} onClick={() => p.onRemove(path)}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowButton>
              </Stack>
            </Box>
            {selected && p.editor}
          </Box>
        );
      })}
    </Stack>
  );
}

function RowButton(p: { label: string; disabled?: boolean; onClick(): void; children: ReactNode }) {
  const button = (
    <IconButton
      aria-label={p.label}
      disabled={p.disabled}
      onClick={p.onClick}
      size="small"
      sx={{ width: 36, height: 36 }}
    >
      {p.children}
    </IconButton>
  );
  return p.disabled ? button : <Tooltip title={p.label}>{button}</Tooltip>;
}
