import { fileDerivedField, type ModuleHooks } from '../../../server/module-api';

// A belonging's `hasImage` follows its files (fileDerivedField): an uploaded photograph gives its
// catalogue card a thumbnail, and trashing the last one takes the thumbnail away.

const photo = fileDerivedField(
  'Belonging',
  'hasImage',
  (files) => files.some((f) => f.mimeGroup === 'image') || null,
  'photos',
);

export const belongingsHooks: ModuleHooks = {
  Belonging: { beforeWrite: photo.beforeWrite },
  Attachment: { afterWrite: photo.attachmentAfterWrite },
};
