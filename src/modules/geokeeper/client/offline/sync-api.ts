import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { RequestError, tusOptions, type SocketClient } from '../../../../client/module-api';
import type { LocalFile } from './db';
import { Refused, type SyncApi } from './sync';

// The sync's server in the browser: the socket client's create and act, and the resumable
// uploads (tus through Uppy, as the Attachments section uploads) into the record's attachments.
// A refusal (an error key) is `Refused`; anything else (offline, a timeout) stops the run.

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];
// Failures of the way there, not answers of the server: the run stops and everything stays held.
const NOT_REFUSALS = new Set(['networkError', 'emptyResponse', 'wsMsgTimeout', 'tokenExpired']);

function rethrow(e: unknown): never {
  if (e instanceof RequestError && !NOT_REFUSALS.has(e.userMessage)) throw new Refused(e.userMessage);
  throw e;
}

export function browserSyncApi(client: SocketClient): SyncApi {
  return {
    async create(data) {
      try {
        return await client.request<{ $id: string; $version: number }>('create/GeoKeeperFieldData', data);
      } catch (e) {
        rethrow(e);
      }
    },
    async applyEdits(edits) {
      try {
        return (await client.act('applyGeoKeeperFieldDataEdits', { edits })).results;
      } catch (e) {
        rethrow(e);
      }
    },
    upload: (recordId, file) => uploadFile(client, recordId, file),
  };
}

type Meta = { rel: string; relProp: string; filename: string };

/** One file through tus; resolves when the server has made its Attachment. */
async function uploadFile(client: SocketClient, recordId: string, file: LocalFile): Promise<void> {
  const uppy = new Uppy<Meta, Record<string, never>>({
    autoProceed: false,
    meta: { rel: recordId, relProp: '', filename: file.name },
  }).use(
    Tus,
    tusOptions(() => client.tokenValue, RETRY_DELAYS),
  );
  try {
    uppy.addFile({
      name: file.name,
      type: file.type,
      data: file.blob,
      meta: { rel: recordId, relProp: '', filename: file.name },
    });
    const result = await uppy.upload();
    const failed = result?.failed ?? [];
    if (failed.length || !result?.successful?.length) {
      const err = failed[0]?.error;
      const status = /response code: (\d{3})/.exec(String(err ?? ''))?.[1];
      // 4xx: the server refuses the file (not allowed, too big); else the network failed.
      if (status && status.startsWith('4')) throw new Refused('geokeeperUploadRefused');
      throw new Error(String(err ?? 'upload failed'));
    }
  } finally {
    uppy.destroy();
  }
}
