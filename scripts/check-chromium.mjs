// Browser tests drive Debian's Chromium; Playwright's own browser download cannot run here.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium is not installed at ${path}.\nInstall it with:  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to another Chromium binary).`,
  );
  process.exit(1);
}
