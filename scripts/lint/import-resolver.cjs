/*
 * The import resolver of the lint's boundary rules (eslint-plugin-boundaries): resolves what the
 * workspace imports (relative paths, the portal's `@/` alias, `@corridor/*` packages through their
 * `exports`) to files, so a rule can tell which app, feature or route file an import reaches.
 * Anything else (npm packages, node builtins) is reported as external.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

function existing(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

let workspace;
/** `@corridor/<name>` → its folder and `exports`, read once from the workspace's package.json files. */
function workspacePackages() {
  if (workspace) return workspace;
  workspace = new Map();
  for (const group of ['apps', 'packages']) {
    for (const name of fs.readdirSync(path.join(ROOT, group))) {
      const file = path.join(ROOT, group, name, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      workspace.set(pkg.name, { dir: path.dirname(file), exports: pkg.exports ?? {} });
    }
  }
  return workspace;
}

function resolveWorkspace(source) {
  const match = /^(@corridor\/[^/]+)(\/.*)?$/.exec(source);
  if (!match) return undefined;
  const pkg = workspacePackages().get(match[1]);
  if (!pkg) return null;
  const entry = pkg.exports[`.${match[2] ?? ''}`];
  const target = typeof entry === 'string' ? entry : (entry?.import ?? entry?.default);
  return target ? existing(path.join(pkg.dir, target)) : existing(path.join(pkg.dir, match[2] ?? ''));
}

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  let found;
  if (source.startsWith('.')) found = existing(path.resolve(path.dirname(file), source));
  else if (source.startsWith('@/')) found = existing(path.join(ROOT, 'apps/pwa/src', source.slice(2)));
  else found = resolveWorkspace(source);
  if (found === undefined) return { found: true, path: null };
  return found ? { found: true, path: found } : { found: false };
};
