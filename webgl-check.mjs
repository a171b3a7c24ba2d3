import { chromium } from 'playwright-core';
for (const extra of [[], ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'], ['--use-gl=angle','--use-angle=swiftshader-webgl','--enable-unsafe-swiftshader']]) {
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu', ...extra] });
  const p = await b.newPage();
  const r = await p.evaluate(() => { const c = document.createElement('canvas'); return { gl2: !!c.getContext('webgl2'), gl: !!document.createElement('canvas').getContext('webgl') }; });
  console.log(JSON.stringify(extra), JSON.stringify(r));
  await b.close();
}
