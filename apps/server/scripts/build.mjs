/**
 * The server as one module, `dist/main.mjs`: what `start` runs. Under tsx every start transformed and
 * resolved the server's ~300 source files through the loader's hooks (about 1 s of the demo's ~5 s start,
 * `bench/start.bench.ts`); node loads the bundle in a fraction of that. Corridor's own code and the
 * workspace packages are bundled; every other package stays an import that node resolves from this
 * folder's node_modules, as under tsx. The file lands one folder below the server's root, like `src/`,
 * so paths the server takes from its own location (`config.ts`) mean the same. Written to a temporary
 * name and renamed: two builds at once (two test processes) never leave half a file for a start to read.
 */
import { rename, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(serverRoot, 'dist', 'main.mjs');

/**
 * A package node can import from the server's folder at run time. Node's own ESM resolution (this script lives
 * in that folder), not `require.resolve`: the package manager's shims set NODE_PATH, which `require` honours and
 * an ESM import does not, and which reaches packages the server does not name.
 */
function resolvableHere(specifier) {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch (error) {
    return error?.code !== 'ERR_MODULE_NOT_FOUND';
  }
}

const result = await build({
  entryPoints: [join(serverRoot, 'src', 'main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  outfile,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-imports',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          // A workspace package's own dependencies (decimal.js of the domain package) are not the server's: bundled.
          !args.path.startsWith('@corridor/') && (args.path.startsWith('node:') || resolvableHere(args.path)) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});
await mkdir(dirname(outfile), { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
