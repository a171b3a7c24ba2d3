import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const SCREENSHOTS = path.resolve('e2e/screenshots');

/**
 * Debian's Chromium with the flags this machine needs (DESIGN §2 gotchas); Playwright gives each
 * launch a fresh profile. `extraArgs`: a test's own switches (the vocab test's fake microphone,
 * FAKE_MICROPHONE_ARGS).
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Chromium's fake microphone (a beeping tone), granted without a prompt. */
export const FAKE_MICROPHONE_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
] as const;
