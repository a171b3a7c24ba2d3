import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Every setting comes from the environment; README.md lists them with their defaults.

/** An S3-compatible bucket for uploaded files (FILE_STORE=s3). */
export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  /** The From of every mail the server sends. */
  mailFrom: string;
  publicUrl: string;
  siteName: string;
  tokenTtlMs: number;
  tokenWarningMs: number;
  /** How often each node mails IMMEDIATE notifications (NOTIFY_MAIL_SECONDS, 30). */
  notifyMailIntervalMs: number;
  /** When the daily notification digest runs, a cron in UTC (NOTIFY_DIGEST_CRON, '0 7 * * *'). */
  notifyDigestCron: string;
  demoData: 'auto' | 'true' | 'false';
  logLevel: string;
  signInPerAddress: number;
  signInPerAccount: number;
  migratedFromCKK1: boolean;
  keyCaps: string[];
  version: string;
  nodeId: string;
  /** Where uploaded files and their image variants live (DATA_DIR/files unless FILES_DIR). */
  filesDir: string;
  /** Where uploaded bytes live: `disk` (filesDir, the default) or `s3` (FILE_STORE). */
  fileStore: 'disk' | 's3';
  s3: S3Config;
  /** The largest upload accepted, in bytes (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** Where the help menu's support requests go (SUPPORT_EMAIL); unset: the form says so. */
  supportEmail: string | undefined;
  /** Support requests one user may send per hour. */
  supportPerHour: number;
}

function readVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
        .version;
    } catch {
      dir = path.dirname(dir);
    }
  }
  return '0.0.0';
}

export const VERSION = readVersion();

const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));

/** A mistyped store must stop the start, not quietly put files on a disk nobody backs up. */
function fileStore(v: string | undefined): 'disk' | 's3' {
  if (!v || v === 'disk' || v === 's3') return v === 's3' ? 's3' : 'disk';
  throw new Error(`FILE_STORE must be disk or s3, not ${v}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = num(env.PORT, 3000);
  const demo = env.DEMO_DATA ?? 'auto';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Community Knowledge Keeper <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    siteName: env.SITE_NAME ?? 'Community Knowledge Keeper',
    tokenTtlMs: num(env.TOKEN_TTL_HOURS, 24 * 14) * 3_600_000,
    tokenWarningMs: num(env.TOKEN_WARNING_MINUTES, 60) * 60_000,
    notifyMailIntervalMs: num(env.NOTIFY_MAIL_SECONDS, 30) * 1000,
    notifyDigestCron: env.NOTIFY_DIGEST_CRON?.trim() || '0 7 * * *',
    demoData: demo === 'true' || demo === 'false' ? demo : 'auto',
    logLevel: env.LOG_LEVEL ?? 'info',
    signInPerAddress: num(env.SIGN_IN_LIMIT_PER_ADDRESS, 30),
    signInPerAccount: num(env.SIGN_IN_LIMIT_PER_ACCOUNT, 10),
    migratedFromCKK1: env.MIGRATED_FROM_CKK1 === 'true',
    keyCaps: (env.KEY_CAPS ?? '').split(',').filter(Boolean),
    version: VERSION,
    nodeId: env.NODE_ID ?? `node-${process.pid}`,
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    fileStore: fileStore(env.FILE_STORE),
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      bucket: env.S3_BUCKET ?? '',
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    },
    uploadMaxBytes: num(env.UPLOAD_MAX_BYTES, 5_000_000_000),
    supportEmail: env.SUPPORT_EMAIL || undefined,
    supportPerHour: num(env.SUPPORT_LIMIT_PER_HOUR, 5),
  };
}
