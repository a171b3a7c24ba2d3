import { gunzipSync } from 'node:zlib';
const mod = await import(process.argv[2]!);
const out: string[] = [];
// the territory (BC, ~ -120.4, 50.1) at z9, then zoom out
const tileOf = (lon: number, lat: number, z: number) => { const n = 2 ** z; const x = Math.floor((lon + 180) / 360 * n); const r = lat * Math.PI / 180; const y = Math.floor((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2 * n); return [z, x, y] as const; };
for (const z of [9, 8, 7, 5, 4, 3, 2, 1, 0]) {
  const [zz, x, y] = tileOf(-120.4, 50.1, z);
  const t = mod.basemapTile(zz, x, y);
  out.push(`${zz}/${x}/${y} ${gunzipSync(t.gz).length}`);
}
console.log(out.join(' | '));
