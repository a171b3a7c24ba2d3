import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BOUNDS } from '../protocol/constants';

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
  /**
   * Origins besides publicUrl's (and the request's own Host) whose pages may use the sign-in
   * cookie on /ws and on state-changing HTTP requests (ALLOWED_ORIGINS, comma-separated).
   */
  allowedOrigins: string[];
  /**
   * Whose X-Forwarded-For to believe (TRUST_PROXY): false (nobody, the default), a hop count,
   * addresses/CIDRs of the proxies, or true (anyone: only behind a proxy that overwrites it).
   */
  trustProxy: boolean | number | string[];
  siteName: string;
  /**
   * The map's basemap (issue 15): a MapLibre style URL (MAP_STYLE_URL), or a PMTiles file on this
   * server (MAP_PMTILES_FILE, a path; the spatial module serves it). Neither: features are drawn
   * over a plain background, which also works with no network at all.
   */
  mapStyleUrl: string | null;
  mapPmtilesFile: string | null;
  /**
   * Where maps open with nothing to fit (MAP_BOUNDS, "west,south,east,north" in degrees; default
   * DEFAULT_BOUNDS, Canada), and the bounds a drawn area is expected within (issue 37).
   */
  mapBounds: [number, number, number, number];
  /** The largest plausible drawn area, in km², before the drawing map warns (MAP_AREA_WARN_KM2, 10,000). */
  mapAreaWarnKm2: number;
  tokenTtlMs: number;
  tokenWarningMs: number;
  /** How often each node mails IMMEDIATE notifications (NOTIFY_MAIL_SECONDS, 30). */
  notifyMailIntervalMs: number;
  /** When the daily notification digest runs, a cron in UTC (NOTIFY_DIGEST_CRON, '0 7 * * *'). */
  notifyDigestCron: string;
  /** When the workflow engine's due reminders run, a cron in UTC (WORKFLOW_REMINDER_CRON, hourly). */
  workflowReminderCron: string;
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

/** A positive number setting; anything else is a mistake to say at start-up, not a silent default. */
function positive(v: string | undefined, d: number, name: string): number {
  const n = num(v, d);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${v}"`);
  return n;
}

/** MAP_BOUNDS: "west,south,east,north" in degrees, west < east and south < north. */
function mapBounds(v: string | undefined): [number, number, number, number] {
  if (!v?.trim()) return [...DEFAULT_BOUNDS];
  const b = v.split(',').map((x) => Number(x.trim()));
  const [w, s, e, n] = b as [number, number, number, number];
  if (
    b.length !== 4 ||
    b.some((x) => !Number.isFinite(x)) ||
    w >= e ||
    s >= n ||
    w < -180 ||
    e > 180 ||
    s < -90 ||
    n > 90
  )
    throw new Error(`MAP_BOUNDS must be "west,south,east,north" in degrees, not "${v}"`);
  return [w, s, e, n];
}

/** A mistyped store must stop the start, not quietly put files on a disk nobody backs up. */
function fileStore(v: string | undefined): 'disk' | 's3' {
  if (!v || v === 'disk' || v === 's3') return v === 's3' ? 's3' : 'disk';
  throw new Error(`FILE_STORE must be disk or s3, not ${v}`);
}

/**
 * TRUST_PROXY. Off unless set: a trusted X-Forwarded-For lets any client pick the address the
 * per-address sign-in limit counts, so it must be believed only from our own proxies.
 */
export function trustProxy(v: string | undefined): boolean | number | string[] {
  const t = v?.trim() ?? '';
  if (t === '' || t === 'false' || t === '0') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  // proxy-addr checks each entry when the server is built; a typo stops the start there.
  return t
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** ALLOWED_ORIGINS: each entry as a browser sends it in Origin (scheme://host[:port], no path). */
export function allowedOrigins(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      let origin: string;
      try {
        origin = new URL(x).origin;
      } catch {
        origin = 'null';
      }
      // A mistyped entry must stop the start, not quietly lock out the origin that was meant.
      if (origin === 'null')
        throw new Error(`ALLOWED_ORIGINS: ${x} is not an origin like https://example.org`);
      return origin;
    });
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
    allowedOrigins: allowedOrigins(env.ALLOWED_ORIGINS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    siteName: env.SITE_NAME ?? 'Community Knowledge Keeper',
    mapStyleUrl: env.MAP_STYLE_URL || null,
    mapPmtilesFile: env.MAP_PMTILES_FILE || null,
    mapBounds: mapBounds(env.MAP_BOUNDS),
    mapAreaWarnKm2: positive(env.MAP_AREA_WARN_KM2, 10_000, 'MAP_AREA_WARN_KM2'),
    tokenTtlMs: num(env.TOKEN_TTL_HOURS, 24 * 14) * 3_600_000,
    tokenWarningMs: num(env.TOKEN_WARNING_MINUTES, 60) * 60_000,
    notifyMailIntervalMs: num(env.NOTIFY_MAIL_SECONDS, 30) * 1000,
    notifyDigestCron: env.NOTIFY_DIGEST_CRON?.trim() || '0 7 * * *',
    workflowReminderCron: env.WORKFLOW_REMINDER_CRON?.trim() || '0 * * * *',
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
