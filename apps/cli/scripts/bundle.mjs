// Builds the CLI into one ES module with esbuild, so a run loads plain JavaScript instead of compiling the
// TypeScript sources through tsx on every start (about 1 s before; a script calls `corridor` many times).
// The launcher (bin/corridor.mjs) calls this when the bundle is missing or older than any of its sources.
import { mkdir, rename, writeFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cliRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(cliRoot, 'dist');
/** Older bundles are removed after this long: a run started on one may still be loading it. */
const KEEP_OLD_BUNDLES_MS = 10 * 60 * 1000;

/**
 * Builds `dist/corridor-<id>.mjs` and points `dist/manifest.json` at it (written aside and renamed, so two
 * first runs at once each finish with a whole bundle and a whole manifest). The manifest lists the bundle's own
 * source files (the workspace's, not node_modules) with the build time, for the launcher's freshness check.
 */
export async function bundle() {
  await mkdir(distDir, { recursive: true });
  const builtAt = Date.now();
  const name = `corridor-${builtAt}-${process.pid}.mjs`;
  const result = await build({
    entryPoints: [join(cliRoot, 'src/main.ts')],
    outfile: join(distDir, name),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // Less text to compile at start; names kept so a stack trace still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    // jq-wasm loads its WebAssembly from beside its own module: it stays a package import, loaded on first --jq.
    external: ['jq-wasm'],
    // Bundled CommonJS packages call require(): give the module one.
    banner: { js: "import { createRequire as corridorRequire } from 'node:module'; const require = corridorRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules'))
    .map((input) => relative(cliRoot, join(process.cwd(), input)));
  const manifest = join(distDir, `manifest-${process.pid}.json`);
  await writeFile(manifest, JSON.stringify({ bundle: name, builtAt, inputs }));
  await rename(manifest, join(distDir, 'manifest.json'));
  for (const file of await readdir(distDir)) {
    if (!file.startsWith('corridor-') || file === name) continue;
    const path = join(distDir, file);
    const info = await stat(path).catch(() => null);
    if (info && builtAt - info.mtimeMs > KEEP_OLD_BUNDLES_MS) await rm(path, { force: true });
  }
  return join(distDir, name);
}
