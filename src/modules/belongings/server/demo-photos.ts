import sharp from 'sharp';
import type { DemoFile } from '../../../server/module-api';

// The belongings demo's photographs, drawn at seed time (nothing is shipped or downloaded): each
// belonging as a catalogue photograph, on a grey sweep with a scale bar. All invented.

const W = 480;
const H = 360;

function cataloguePhoto(object: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><radialGradient id="sweep" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="#f2f1ee"/>
  <stop offset="1" stop-color="#b9b7b2"/></radialGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sweep)"/>
  <ellipse cx="240" cy="305" rx="150" ry="14" fill="#000" opacity="0.12"/>
  ${object}
  <g fill="#222"><rect x="380" y="330" width="20" height="6"/><rect x="420" y="330" width="20" height="6"/></g>
  <rect x="380" y="330" width="80" height="6" fill="none" stroke="#222"/>
</svg>`;
}

const FLOWERS = [
  [200, 170],
  [260, 150],
  [230, 215],
  [290, 205],
]
  .map(
    ([x, y]) =>
      `<g transform="translate(${x} ${y})">${[0, 72, 144, 216, 288]
        .map((a) => `<ellipse rx="7" ry="13" cy="-12" fill="#c0392b" transform="rotate(${a})"/>`)
        .join('')}<circle r="5" fill="#f1c40f"/></g>`,
  )
  .join('');

const OBJECTS: Readonly<Record<string, string>> = {
  /** The beaded bandolier bag: a panel with floral beadwork, its strap, a fringe of tassels. */
  bag: `<path d="M178 110 Q240 -20 302 110" fill="none" stroke="#1f3a5f" stroke-width="16"/>
    <rect x="160" y="100" width="160" height="170" rx="10" fill="#1f3a5f"/>${FLOWERS}
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${172 + i * 17}" y1="270" x2="${172 + i * 17}" y2="300" stroke="#b03a2e" stroke-width="5"/>`).join('')}`,
  /** The cedar bark basket: a lidded vessel with a woven band. */
  basket: `<path d="M150 130 L330 130 L305 300 L175 300Z" fill="#a0703c"/>
    <rect x="140" y="110" width="200" height="26" rx="8" fill="#8a5a2b"/>
    ${Array.from({ length: 7 }, (_, i) => `<line x1="${155 + i * 3}" y1="${150 + i * 22}" x2="${325 - i * 3}" y2="${150 + i * 22}" stroke="#6e4620" stroke-width="4"/>`).join('')}
    <path d="M165 200 L315 200 L312 225 L168 225Z" fill="#3b2a1a"/>`,
  /** The carved ladle: a long handle and a deep bowl. */
  ladle: `<path d="M120 120 Q250 160 300 220" fill="none" stroke="#7b4b22" stroke-width="18" stroke-linecap="round"/>
    <ellipse cx="330" cy="250" rx="60" ry="42" fill="#6b3f1c"/><ellipse cx="330" cy="243" rx="44" ry="28" fill="#4a2a12"/>`,
  /** The hide jacket: body, sleeves, a fringe at the hem. */
  jacket: `<path d="M180 80 L300 80 L380 150 L350 180 L310 150 L310 290 L170 290 L170 150 L130 180 L100 150Z" fill="#c8a473"/>
    <line x1="240" y1="90" x2="240" y2="290" stroke="#8c6a3f" stroke-width="3"/>
    ${Array.from({ length: 14 }, (_, i) => `<line x1="${175 + i * 10}" y1="290" x2="${175 + i * 10}" y2="315" stroke="#a98556" stroke-width="3"/>`).join('')}`,
};

/** The photographs of the belongings that have one, by demo key. */
export function belongingPhotos(key: string, title: string): DemoFile[] {
  const object = OBJECTS[key];
  if (!object) return [];
  return [
    {
      name: `${title}.jpg`,
      type: 'image/jpeg',
      bytes: () =>
        sharp(Buffer.from(cataloguePhoto(object)))
          .jpeg({ quality: 78 })
          .toBuffer(),
    },
  ];
}
