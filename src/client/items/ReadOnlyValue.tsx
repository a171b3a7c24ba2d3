import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyDef } from '../../kernel/property';
import { displayValue, isEmptyValue } from './display';
import { formatJson } from './format';
import { enumLabel } from './labels';
import { LovText } from './LovText';
import { RelationChips } from './RelationChips';

export interface ReadOnlyValueProps {
  prop: PropertyDef;
  value: unknown;
  labels: Record<string, string>;
  owner: string | null;
  onOpen(id: string): void;
  /** Smaller text, for the record header's key facts. */
  dense?: boolean;
}

const asStrings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');

/**
 * A property's value as text: dates DD-MMM-YYYY, phones (xxx) xxx-xxxx, links for e-mail and
 * web addresses, relations and enumerations as chips.
 */
export function ReadOnlyValue({ prop, value, labels, owner, onOpen, dense = false }: ReadOnlyValueProps) {
  const { t } = useTranslation();
  const variant = dense ? 'body2' : 'body1';
  if (isEmptyValue(value))
    return (
      <Typography variant={variant} color="text.secondary">
        {t('item.empty')}
      </Typography>
    );
  switch (prop.kind) {
    case 'relation':
      return <RelationChips ids={asStrings(value)} labels={labels} onOpen={onOpen} />;
    case 'json':
    case 'geometry':
      return (
        <Box
          component="pre"
          sx={{
            m: 0,
            fontFamily: 'monospace',
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {formatJson(value)}
        </Box>
      );
    case 'enum':
      // Enumerations read as chips, as a list's state column does. A space between two chips (the
      // flex layout ignores it) keeps their words apart in the text a field's edit button is
      // named by: "Fall September", not "FallSeptember" (axe label-content-name-mismatch).
      return (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {asStrings(value).map((v, i) => (
            <Fragment key={v}>
              {i > 0 && ' '}
              <Chip size="small" variant="outlined" label={enumLabel(t, v)} />
            </Fragment>
          ))}
        </Stack>
      );
    case 'lov':
      return <LovText list={prop.lov} owner={owner} values={asStrings(value)} />;
    case 'string':
      if (typeof value === 'string' && (prop.format === 'email' || prop.format === 'url'))
        return (
          <Link
            variant={variant}
            href={prop.format === 'email' ? `mailto:${value}` : value}
            {...(prop.format === 'url' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            sx={{ wordBreak: 'break-all' }}
          >
            {value}
          </Link>
        );
      break;
    default:
      break;
  }
  return (
    <Typography variant={variant} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {displayValue(t, prop, value)}
    </Typography>
  );
}
