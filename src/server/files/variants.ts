import { existsSync, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { ImageVariant } from '../../protocol/files';
import type { FileStorage } from './storage';

// Image variants (spec core §7): made once with sharp, kept beside the file, served like it.
// Metadata is stripped: a photo's EXIF may carry the GPS position of a sacred site.

// One image at a time per node, no cache of decoded images: memory stays small and flat.
sharp.concurrency(1);
sharp.cache(false);

/** Raster types sharp reads; SVG is left out (it is a document, served only as a download). */
const RASTER = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/avif',
  'image/heic',
]);

export function canMakeVariants(filetype: unknown): boolean {
  return typeof filetype === 'string' && RASTER.has(filetype);
}

const SPECS: Record<ImageVariant, { size: number; fit: 'cover' | 'inside'; format: 'jpeg' | 'webp' }> = {
  thumbnail: { size: 200, fit: 'cover', format: 'jpeg' },
  small: { size: 480, fit: 'inside', format: 'jpeg' },
  large: { size: 1600, fit: 'inside', format: 'jpeg' },
  webp: { size: 1600, fit: 'inside', format: 'webp' },
};

export function variantType(v: ImageVariant): string {
  return SPECS[v].format === 'webp' ? 'image/webp' : 'image/jpeg';
}

const making = new Map<string, Promise<string>>();

/** The path of the variant, made now if it is not on disk yet (concurrent asks share one job). */
export function variantFile(files: FileStorage, fileID: string, variant: ImageVariant): Promise<string> {
  const target = files.variantPath(fileID, variant);
  if (existsSync(target)) return Promise.resolve(target);
  const running = making.get(target);
  if (running) return running;
  const job = (async () => {
    const spec = SPECS[variant];
    mkdirSync(files.variantsDir, { recursive: true });
    const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      let img = sharp(files.filePath(fileID), { failOn: 'none', sequentialRead: true })
        .rotate()
        .resize({ width: spec.size, height: spec.size, fit: spec.fit, withoutEnlargement: true });
      // Transparent areas of a thumbnail go white rather than black in JPEG.
      img =
        spec.format === 'webp'
          ? img.webp({ quality: 80 })
          : img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
      await img.toFile(tmp);
      await rename(tmp, target);
      return target;
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    } finally {
      making.delete(target);
    }
  })();
  making.set(target, job);
  return job;
}
