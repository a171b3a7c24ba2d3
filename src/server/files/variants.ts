import sharp from 'sharp';
import type { ImageVariant } from '../../protocol/files';
import { fileKey, variantKey, type FileStorage } from './storage';

// Image variants (spec core §7): made once with sharp, kept in the store beside the file, served
// like it. A variant is at most 1600 pixels a side, so it is written to the store whole.
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

/** The store key of the variant, made now if the store has none yet (concurrent asks share one job). */
export async function variantFile(
  files: FileStorage,
  fileID: string,
  variant: ImageVariant,
): Promise<string> {
  const target = variantKey(fileID, variant);
  if (await files.stat(target)) return target;
  const running = making.get(target);
  if (running) return running;
  const job = (async () => {
    const spec = SPECS[variant];
    const source = fileKey(fileID);
    const local = files.localPath(source);
    // On disk sharp reads the file itself; from S3 the original streams in.
    let img = (
      local
        ? sharp(local, { failOn: 'none', sequentialRead: true })
        : sharp({ failOn: 'none', sequentialRead: true })
    )
      .rotate()
      .resize({ width: spec.size, height: spec.size, fit: spec.fit, withoutEnlargement: true });
    // Transparent areas of a thumbnail go white rather than black in JPEG.
    img =
      spec.format === 'webp'
        ? img.webp({ quality: 80 })
        : img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
    if (!local) {
      const input = await files.read(source);
      input.on('error', (e) => img.destroy(e));
      input.pipe(img);
    }
    const bytes = await img.toBuffer();
    await files.write(target, bytes);
    return target;
  })().finally(() => making.delete(target));
  making.set(target, job);
  return job;
}
