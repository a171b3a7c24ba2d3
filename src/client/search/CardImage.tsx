import { Box } from '@mui/material';
import { useState } from 'react';
import type { ItemType } from '../../kernel/item-type';
import type { Item } from '../state/items';

// The thumbnail of a search result whose type declares `cardImage` (ItemTypeDef): the item's own
// image (/item-id-image, read through the policy like every file) for items that say they have
// one, so a result without an image asks for none. The image is decoration beside the result's
// name, which is its link: it carries no text of its own for a screen reader.

/** Does this result show an image? */
export function hasCardImage(type: ItemType | undefined, item: Item | undefined): boolean {
  const decl = type?.cardImage;
  if (!decl || !item) return false;
  const v = item[decl.property];
  if (decl.value === undefined) return v === true;
  return Array.isArray(v) ? v.includes(decl.value) : v === decl.value;
}

export function cardImageUrl(id: string): string {
  return `/item-id-image/${encodeURIComponent(id)}?variant=thumbnail`;
}

/** The result's thumbnail, or nothing (also when the image cannot be loaded). */
export function CardImage({
  type,
  item,
  height,
  width,
}: {
  type: ItemType | undefined;
  item: Item | undefined;
  height: number;
  width?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (failed || !item || !hasCardImage(type, item)) return null;
  return (
    <Box
      component="img"
      src={cardImageUrl(item.$id)}
      alt=""
      loading="lazy"
      data-card-image={item.$id}
      onError={() => setFailed(true)}
      sx={{
        display: width ? 'inline-block' : 'block',
        verticalAlign: 'middle',
        mr: width ? 1 : 0,
        height,
        width: width ?? '100%',
        objectFit: 'cover',
        bgcolor: 'action.hover',
        borderRadius: width ? 1 : 0,
        flexShrink: 0,
      }}
    />
  );
}
