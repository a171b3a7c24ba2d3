import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { useLovLists } from '../items/useLov';
import { useSession } from '../state/app-context';
import { lovLabelFrom, lovListsOf, type LovLabel } from './lov-labels';

/**
 * Labels for the list-of-values keys the properties of these types hold (raw keys until the
 * lists arrive). See lovLabelFrom for which organisation's words are used.
 */
export function useLovLabel(types: readonly (ItemType | undefined)[]): LovLabel {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const lists = lovListsOf(types);
  const replies = useLovLists(lists);
  const orgs = (user?.memberships ?? []).map((m) => m.org);
  return lovLabelFrom(replies, orgs, i18n.language || 'en');
}
