import type { ItemType } from '../../kernel/item-type';

/** The property of the type that lists its Attachments, if any: uploads are added to it. */
export function attachmentListProp(type: ItemType): string | undefined {
  return Object.entries(type.properties).find(
    ([, p]) => p.kind === 'relation' && p.list === true && p.types?.includes('Attachment') && !p.write,
  )?.[0];
}

/** Types that say they hold files, or that list Attachments, show the section. */
export function hasAttachmentsSection(type: ItemType): boolean {
  return type.attachments === true || attachmentListProp(type) !== undefined;
}
