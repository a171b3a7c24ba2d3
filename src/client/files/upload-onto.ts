import { Upload } from 'tus-js-client';
import { tusOptions } from './tus-options';

/** A dialog's retries of a dropped upload: at once, then after 1, 3 and 5 s. */
const RETRY = [0, 1000, 3000, 5000];

/**
 * Uploads one file onto an item (an import dialog's Import) with tus, resumable like every
 * upload; resolves once the server has all of it. `onProgress`: the percentage sent.
 */
export function uploadOnto(
  file: File,
  rel: string,
  opts: { token: () => string | null; type?: string; onProgress?: (pct: number) => void },
): Promise<void> {
  const o = tusOptions(opts.token, RETRY);
  return new Promise((resolve, reject) => {
    const up = new Upload(file, {
      endpoint: o.endpoint,
      retryDelays: o.retryDelays,
      chunkSize: o.chunkSize,
      headers: o.headers(),
      metadata: { rel, filename: file.name, name: file.name, type: opts.type ?? file.type },
      ...(opts.onProgress
        ? {
            onProgress: (sent: number, total: number) =>
              opts.onProgress!(Math.round((sent / Math.max(1, total)) * 100)),
          }
        : {}),
      onSuccess: () => resolve(),
      onError: reject,
    });
    up.start();
  });
}
