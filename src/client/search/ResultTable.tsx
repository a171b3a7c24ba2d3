import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { itemType } from '../items/item-label';
import { CardImage } from './CardImage';
import type { Item } from '../state/items';
import type { ResultViewProps } from './ResultList';
import { isPlainClick } from '../shell/cell-href';
import { cellText, keyLabel } from './search-labels';
import { useLovLabel } from './useLovLabel';
import { defaultOrder, labelKey, sortOptions, type Order, type SortKey } from './search-model';

export interface ResultTableProps extends ResultViewProps {
  items: Record<string, Item>;
  type: ItemType | undefined;
  columns: readonly string[];
  sort: SortKey;
  onSort(key: string, order: Order): void;
}

const NAME = '$name';

/**
 * TABLE: the chosen columns, sortable by their headers. The item's name is the row header and a
 * link to it (a plain click opens it in the next cell): the column its label is made of, else a name column in front.
 */
export function ResultTable({
  ids,
  labels,
  openId,
  onOpen,
  hrefOf,
  items,
  type,
  columns,
  sort,
  onSort,
}: ResultTableProps) {
  const { t } = useTranslation();
  const lov = useLovLabel([type]);
  const sortable = new Set(sortOptions(type, false));
  const nameKey = labelKey(type);
  const cols = nameKey && columns.includes(nameKey) ? [...columns] : [NAME, ...columns];
  const isName = (c: string) => c === NAME || c === nameKey;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('search.results')}>
        <TableHead>
          <TableRow>
            {cols.map((c) => {
              const active = sort.key === c;
              const label = c === NAME ? t('search.keys.name') : keyLabel(t, type?.name ?? null, c);
              const first = defaultOrder(c, type?.allProperties[c]);
              return (
                <TableCell key={c} component="th" scope="col" sortDirection={active ? sort.order : false}>
                  {sortable.has(c) ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.order : first}
                      onClick={() => onSort(c, active ? (sort.order === 'asc' ? 'desc' : 'asc') : first)}
                    >
                      {label}
                    </TableSortLabel>
                  ) : (
                    label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {ids.map((id) => {
            const item = items[id];
            return (
              <TableRow
                key={id}
                hover
                selected={openId === id}
                aria-current={openId === id ? 'true' : undefined}
              >
                {cols.map((c) =>
                  isName(c) ? (
                    <TableCell key={c} component="th" scope="row">
                      <CardImage
                        type={type ?? (item ? itemType(item._t) : undefined)}
                        item={item}
                        height={40}
                        width={56}
                      />
                      <Link
                        href={hrefOf(id)}
                        onClick={(e) => {
                          if (!isPlainClick(e)) return;
                          e.preventDefault();
                          onOpen(id);
                        }}
                      >
                        {labels[id] ?? id}
                      </Link>
                    </TableCell>
                  ) : (
                    <TableCell key={c}>
                      {item ? cellText(t, type ?? itemType(item._t), item, c, lov) : ''}
                    </TableCell>
                  ),
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
