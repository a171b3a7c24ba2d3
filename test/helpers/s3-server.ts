import type { FastifyInstance } from 'fastify';
import { buildApp } from 'fauxqs';
// fauxqs exports only its app; its stores are reached by path so the test can hold the S3 one.
import { S3Store } from '../../node_modules/fauxqs/dist/s3/s3Store.js';
import { SnsStore } from '../../node_modules/fauxqs/dist/sns/snsStore.js';
import { SqsStore } from '../../node_modules/fauxqs/dist/sqs/sqsStore.js';
import type { MultipartUpload } from '../../node_modules/fauxqs/dist/s3/s3Types.js';
import type { S3Config } from '../../src/server/config';

// A real S3-compatible server on loopback, in this process: fauxqs (objects in memory, S3's
// HTTP and XML, path-style, Range, multipart). It lacks one call @tus/s3-store needs, ListParts
// (GET /bucket/key?uploadId=…); the hook below answers it from fauxqs's own multipart state, in
// S3's format, so every other byte goes through fauxqs unchanged.

export interface S3TestServer {
  config: S3Config;
  store: S3Store;
  close(): Promise<void>;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function listParts(app: FastifyInstance, store: S3Store) {
  const uploads = (store as unknown as { multipartUploads: Map<string, MultipartUpload> }).multipartUploads;
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const url = new URL(req.url, 'http://s3.local');
    const uploadId = url.searchParams.get('uploadId');
    if (!uploadId || url.searchParams.has('partNumber')) return;
    const up = uploads.get(uploadId);
    reply.type('application/xml');
    if (!up)
      return reply
        .code(404)
        .send(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>no such upload</Message></Error>',
        );
    const parts = [...up.parts.values()]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map(
        (p) =>
          `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${xml(p.etag)}</ETag><Size>${p.body.length}</Size><LastModified>${p.lastModified.toISOString()}</LastModified></Part>`,
      )
      .join('');
    return reply.send(
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(up.bucket)}</Bucket><Key>${xml(up.key)}</Key><UploadId>${xml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
    );
  });
}

export async function startS3Server(bucket = 'ckk-files'): Promise<S3TestServer> {
  const store = new S3Store();
  const app = buildApp({
    logger: false,
    stores: { s3Store: store, sqsStore: new SqsStore(), snsStore: new SnsStore() },
  });
  listParts(app, store);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  store.createBucket(bucket);
  return {
    store,
    config: {
      endpoint: `http://127.0.0.1:${addr.port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    },
    close: () => app.close(),
  };
}
