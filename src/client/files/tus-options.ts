import { UPLOAD_PATH } from '../../protocol/files';

/**
 * The tus settings of every upload: resumable (a retry of the same file continues from the
 * server's offset), 8 MB requests (a drop loses little, progress is confirmed often), the
 * session token on each request, and the metadata the server reads.
 */
export function tusOptions(token: () => string | null, retryDelays: number[]) {
  return {
    endpoint: UPLOAD_PATH,
    retryDelays,
    removeFingerprintOnSuccess: true,
    storeFingerprintForResuming: true,
    chunkSize: 8 * 1024 * 1024,
    headers: (): Record<string, string> => {
      const t = token();
      return t ? { authorization: `Bearer ${t}` } : {};
    },
    allowedMetaFields: ['rel', 'relProp', 'filename', 'name', 'type'],
  };
}
