import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { tusOptions } from '../../../../client/module-api';

// Sends one file of a reply into its Message (loaded only when a reply has files, so Uppy stays
// out of the start-up bundle). The server appends the new Attachment to `Message.attachments`.
// tus makes it resumable: a retry of the same file continues from the server's offset.

type Meta = { rel: string; relProp: string; filename: string };

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

export async function uploadReplyFile(
  file: File,
  messageId: string,
  token: () => string | null,
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  const uppy = new Uppy<Meta, Record<string, never>>({ autoProceed: false }).use(
    Tus,
    tusOptions(token, RETRY_DELAYS),
  );
  try {
    uppy.on('upload-progress', (_f, p) => onProgress(p.bytesUploaded, p.bytesTotal ?? file.size));
    uppy.addFile({
      name: file.name,
      type: file.type,
      data: file,
      source: 'local',
      meta: { rel: messageId, relProp: 'attachments', filename: file.name },
    });
    const result = await uppy.upload();
    const failed = result?.failed?.[0];
    if (failed || !result?.successful?.length) throw new Error(String(failed?.error ?? 'upload failed'));
  } finally {
    uppy.destroy();
  }
}
