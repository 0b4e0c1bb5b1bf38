/**
 * The server as one module, `dist/main.mjs`: what `start` runs. Under tsx every start transformed and
 * resolved the server's ~300 source files through the loader's hooks (about 1 s of the demo's ~5 s start,
 * `bench/start.bench.ts`); node loads the bundle in a fraction of that. Corridor's own code and the
 * workspace packages are bundled; every other package stays an import that node resolves from this
 * folder's node_modules, where that finds the file the importer's own resolution finds (the plugin
 * below). The file lands one folder below the server's root, like `src/`, so paths the server takes
 * from its own location (`config.ts`) mean the same. Written to a temporary
 * name and renamed: two builds at once (two test processes) never leave half a file for a start to read.
 *
 * `--if-stale` (what `start` runs first): builds only when a file the last bundle was made from changed since
 * (or is gone), read from the build's list of its inputs beside it, so a start after a pull never runs the
 * code from before it, and a start without changes pays a few milliseconds of stat calls.
 *
 * Beside the server, `dist/empty-cluster.mjs` (src/db/empty-cluster.ts), which the build then runs: it makes
 * PGlite's empty migrated cluster for new data folders once per PGlite version and set of migrations (about
 * 5 s, once; then every fresh demo folder starts ~3 s sooner), so `--if-stale` still writes it when it is missing.
 * Then `dist/demo-template.mjs` (src/seed/demo-template.ts) seeds the demo's data once into a folder that new demo
 * data folders copy, and `--if-stale` remakes it when it is missing or half a day old.
 */
import { mkdir, readFile, realpath, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(serverRoot, 'dist', 'main.mjs');
const inputsFile = join(serverRoot, 'dist', 'main.inputs.json');
const clusterWriter = join(serverRoot, 'dist', 'empty-cluster.mjs');
const templateWriter = join(serverRoot, 'dist', 'demo-template.mjs');

/**
 * PGlite's empty cluster for new data folders (src/db/empty-cluster.ts), made once per installed PGlite by the
 * module built beside the server from that file, so the build and the start share one rule for its name.
 */
async function writeEmptyCluster() {
  try {
    const { writeEmptyCluster: write } = await import(pathToFileURL(clusterWriter).href);
    await write(serverRoot);
  } catch (error) {
    // Only a head start: without it a new data folder runs initdb and the migrations, as it always could.
    console.warn(
      `Warning: no empty PGlite cluster for new data folders (${error instanceof Error ? error.message : String(error)}); a fresh start runs initdb.`,
    );
  }
}

/**
 * The demo's data seeded once (src/seed/demo-template.ts), for new demo data folders to copy: made by the module
 * built beside the server from that file when this build has none younger than half a day (about 8 s, then every
 * fresh demo folder starts ~5 s sooner).
 */
async function writeDemoTemplate() {
  try {
    const { writeDemoTemplate: write } = await import(pathToFileURL(templateWriter).href);
    await write(serverRoot);
  } catch (error) {
    // Only a head start: without it a new demo folder is seeded by the start, as it always could be.
    console.warn(`Warning: no demo template for new demo folders (${error instanceof Error ? error.message : String(error)}); a fresh demo start seeds.`);
  }
}

/** True when the bundle exists and no file it was made from changed since (or went away). */
async function upToDate() {
  try {
    const built = Math.min((await stat(outfile)).mtimeMs, (await stat(clusterWriter)).mtimeMs, (await stat(templateWriter)).mtimeMs);
    const inputs = JSON.parse(await readFile(inputsFile, 'utf8'));
    const times = await Promise.all(inputs.map(async (input) => (await stat(resolve(serverRoot, input))).mtimeMs));
    return times.every((time) => time <= built);
  } catch {
    return false;
  }
}

if (process.argv.includes('--if-stale') && (await upToDate())) {
  await writeEmptyCluster();
  await writeDemoTemplate();
  process.exit(0);
}

const { build } = await import('esbuild');

const result = await build({
  entryPoints: {
    main: join(serverRoot, 'src', 'main.ts'),
    'empty-cluster': join(serverRoot, 'src', 'db', 'empty-cluster.ts'),
    'demo-template': join(serverRoot, 'src', 'seed', 'demo-template.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  metafile: true,
  outdir: dirname(outfile),
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-imports',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.pluginData === 'resolving' || args.path.startsWith('@corridor/')) return undefined;
          if (args.path.startsWith('node:')) return { path: args.path, external: true };
          // An import stays an import when node, resolving it from the server's folder at run time, finds the very
          // file the importer would have had (under tsx, a workspace package's import resolves from that package).
          // Anything else is bundled: a workspace package's own dependency (decimal.js of the domain package), or
          // one the server has at another version.
          const options = { kind: args.kind, pluginData: 'resolving' };
          const [own, here] = await Promise.all([
            context.resolve(args.path, { ...options, resolveDir: args.resolveDir }),
            context.resolve(args.path, { ...options, resolveDir: serverRoot }),
          ]);
          const same = own.errors.length === 0 && here.errors.length === 0 && (await realpath(own.path)) === (await realpath(here.path));
          return same ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
});
// The list of inputs first, the bundle last: a bundle is never newer than a list that misses its inputs.
const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(process.cwd(), input));
const files = [
  { path: inputsFile, contents: JSON.stringify(inputs.map((input) => relative(serverRoot, input))) },
  ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
];
await mkdir(dirname(outfile), { recursive: true });
for (const file of files) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
await writeEmptyCluster();
await writeDemoTemplate();
