// The tree's downloads (docs/research-tree.md "Export"): the drawing as an SVG file, and as a
// PNG drawn from that SVG at twice its size. Both are made in the browser from what the person
// sees, so they hold nothing the screen did not.

/** A file name from the member's name: letters, digits and dashes. */
export function fileBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return base || 'family-tree';
}

export function svgText(svg: SVGSVGElement): string {
  const text = new XMLSerializer().serializeToString(svg);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${text}`;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; free it once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadSvg(svg: SVGSVGElement, base: string): void {
  save(new Blob([svgText(svg)], { type: 'image/svg+xml' }), `${base}.svg`);
}

/** The largest side a canvas is drawn at (browsers refuse much larger ones). */
const MAX_SIDE = 8192;

export async function downloadPng(svg: SVGSVGElement, base: string): Promise<void> {
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  const scale = Math.min(2, MAX_SIDE / Math.max(w, h, 1));
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the SVG could not be drawn'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(w * scale);
    canvas.height = Math.ceil(h * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the PNG could not be made');
    save(blob, `${base}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
