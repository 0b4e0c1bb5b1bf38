#!/usr/bin/env node
// Runs the CLI from its bundle (scripts/bundle.mjs): plain JavaScript starts in a tenth of the time tsx needs to
// compile the TypeScript sources. The bundle is rebuilt when a source file is newer than it (a checkout, an
// edit); if it cannot be built (esbuild missing), the sources run through tsx as before.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cliRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The current bundle's path, or null when there is none or a source changed after it was built. */
function freshBundle() {
  try {
    const manifest = JSON.parse(readFileSync(join(cliRoot, 'dist/manifest.json'), 'utf8'));
    for (const input of manifest.inputs) if (statSync(join(cliRoot, input)).mtimeMs > manifest.builtAt) return null;
    return join(cliRoot, 'dist', manifest.bundle);
  } catch {
    return null;
  }
}

async function bundlePath() {
  const fresh = freshBundle();
  if (fresh !== null) return fresh;
  try {
    const { bundle } = await import('../scripts/bundle.mjs');
    return await bundle();
  } catch {
    return null;
  }
}

const path = process.env.CORRIDOR_CLI_FROM_SOURCE === '1' ? null : await bundlePath();
if (path !== null) {
  await import(pathToFileURL(path).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
