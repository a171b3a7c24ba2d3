import sharp from 'sharp';

// The demo's files, made at seed time (nothing is shipped or downloaded): small "photographs"
// and a survey plan drawn as SVG and turned into JPEG and PNG by sharp, an elder's "recording"
// (a hummed tune, synthesised as WAV), and one-page PDFs. All invented; none is a real record.

const W = 480;
const H = 320;

/** An old photograph's look: the scene in sepia with a soft vignette. */
function photoSvg(scene: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <radialGradient id="v" cx="50%" cy="50%" r="70%"><stop offset="60%" stop-color="#000" stop-opacity="0"/>
    <stop offset="100%" stop-color="#000" stop-opacity="0.55"/></radialGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9dcc0"/>
    <stop offset="1" stop-color="#c9b48e"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${scene}
  <rect width="${W}" height="${H}" fill="url(#v)"/>
</svg>`;
}

const HILLS = `<path d="M0 190 Q80 120 170 170 T330 150 T480 165 V320 H0Z" fill="#8a7554"/>
  <path d="M0 215 Q120 175 240 205 T480 200 V320 H0Z" fill="#6e5b3f"/>`;
const RIVER = `<path d="M0 250 Q160 230 260 255 T480 245 V290 Q330 300 220 285 T0 295Z" fill="#b9a57f"/>`;
const TREES = Array.from({ length: 14 }, (_, i) => {
  const x = 10 + i * 34 + (i % 3) * 5;
  const h = 34 + (i % 4) * 9;
  return `<path d="M${x} ${212 - h} L${x - 10} 214 L${x + 10} 214Z" fill="#4f402b"/>`;
}).join('');

export const PHOTO_SCENES = {
  /** Drying racks and a tent at the fish camp. */
  fishCamp: photoSvg(`${HILLS}${TREES}${RIVER}
    <path d="M90 250 L130 185 L170 250Z" fill="#ddd0b4" stroke="#4f402b" stroke-width="2"/>
    <g stroke="#3f3322" stroke-width="3">${[230, 270, 310, 350]
      .map((x) => `<line x1="${x}" y1="250" x2="${x}" y2="200"/>`)
      .join('')}<line x1="225" y1="205" x2="355" y2="205"/></g>
    ${[240, 262, 284, 306, 328].map((x) => `<rect x="${x}" y="207" width="8" height="22" fill="#7a4e2c"/>`).join('')}`),
  /** Two canoes drawn up on the landing. */
  canoeLanding: photoSvg(`${HILLS}${TREES}${RIVER}
    <path d="M120 262 Q200 280 290 262 Q205 270 120 262Z" fill="#3f3322"/>
    <path d="M250 276 Q330 292 420 274 Q335 284 250 276Z" fill="#3f3322"/>
    <circle cx="190" cy="236" r="7" fill="#3f3322"/><rect x="184" y="242" width="12" height="22" fill="#3f3322"/>`),
  /** The river flats from the ridge, in winter. */
  winterFlats: photoSvg(`<path d="M0 170 Q100 140 200 165 T480 150 V320 H0Z" fill="#f1ead9"/>
    ${TREES}<path d="M0 260 Q200 235 480 250" stroke="#9d8a66" stroke-width="10" fill="none"/>`),
};

/** A surveyor's plan: lots, the river and a north arrow, on paper. */
const PLAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#f4efe1"/>
  <path d="M0 210 Q120 170 240 200 T480 180" stroke="#6f8fa8" stroke-width="14" fill="none"/>
  <g stroke="#5a4a3a" stroke-width="1.5" fill="none">
    <rect x="40" y="40" width="400" height="240"/>
    ${[120, 200, 280, 360].map((x) => `<line x1="${x}" y1="40" x2="${x}" y2="280"/>`).join('')}
    <line x1="40" y1="120" x2="440" y2="120"/>
  </g>
  <path d="M430 60 L440 90 L430 84 L420 90Z" fill="#5a4a3a"/>
</svg>`;

export async function demoJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 72 }).toBuffer();
}

export async function demoPlanPng(): Promise<Buffer> {
  return sharp(Buffer.from(PLAN_SVG)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** A hummed phrase: a few notes with soft onsets, 8 kHz 16-bit mono WAV. */
export function demoWav(seconds = 3): Buffer {
  const rate = 8000;
  const n = rate * seconds;
  const notes = [220, 247, 262, 247, 220, 196];
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const k = Math.min(notes.length - 1, Math.floor((t / seconds) * notes.length));
    const local = (t / seconds) * notes.length - k;
    const env = Math.sin(Math.PI * Math.min(1, local)) * 0.35;
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * notes[k]! * t) * env * 32767), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** A one-page PDF with a few lines of text (Helvetica), its cross-reference table computed. */
export function demoPdf(lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
  const body = lines
    .map((l, i) => `BT /F1 ${i ? 12 : 18} Tf 60 ${760 - i * 28} Td (${esc(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(body)} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
