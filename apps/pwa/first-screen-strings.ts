import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The translation namespaces the first screen shows (login, loader, footer, offline badge, language). */
const FIRST_SCREEN_NAMESPACES = ['app', 'loader', 'session', 'marketing', 'language'];

/**
 * `import en from '.../en.json?first-screen'` gives that file cut to FIRST_SCREEN_NAMESPACES, so the
 * login form paints with its strings in the entry (~1 KB gzip a language) while i18next loads beside it.
 */
export function firstScreenStrings(): Plugin {
  return {
    name: 'corridor-first-screen-strings',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'first-screen' || !file) return null;
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(FIRST_SCREEN_NAMESPACES.map((name) => [name, all[name]]));
      return { code: `export default ${JSON.stringify(picked)};`, moduleType: 'js' };
    },
  };
}

const IMPORT_FROM = /\b(?:import|export)\s*(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\*\s*(?:as\s+([\w$]+)\s*)?)?(?:\{([^}]*)\}\s*)?from\s*(['"])([^'"]+)\4/g;
const IMPORT_BARE = /\bimport\s*(['"])([^'"]+)\1/g;
const LOCAL_EXPORT = (name: string) =>
  new RegExp(
    `\\bexport\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class)\\s+${name.replace(/\$/g, '\\$')}\\b|\\bexport\\s*\\{[^}]*\\b${name.replace(/\$/g, '\\$')}\\b[^}]*\\}`,
  );

interface Binding {
  /** The module's source text, transformed (no types). */
  code: string;
  /** Its `import ... from` / `export ... from` statements: the names taken from each specifier ('*': all). */
  from: Array<{ spec: string; names: Array<{ imported: string; local: string }> | '*'; reexport: boolean }>;
  /** Only imports and re-exports: the module is a barrel, whose re-exports are followed by name. */
  barrel: boolean;
}

function bindingsOf(code: string): Binding {
  const from: Binding['from'] = [];
  for (const match of code.matchAll(IMPORT_FROM)) {
    const [statement, defaultName, namespace, list, , spec] = match;
    if (!spec) continue;
    const reexport = statement.startsWith('export');
    if (statement.includes('*') && !list) {
      // `import * as ns`, `export * as ns`: all of it; `export * from`: followed by name below.
      from.push({ spec, names: namespace || !reexport ? '*' : [], reexport });
      continue;
    }
    const names = (list ?? '')
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => {
        const [imported = part, local = imported] = part.split(/\s+as\s+/);
        return { imported: imported.trim(), local: local.trim() };
      });
    if (defaultName) names.push({ imported: 'default', local: defaultName });
    from.push({ spec, names, reexport });
  }
  for (const match of code.matchAll(IMPORT_BARE)) if (match[2]) from.push({ spec: match[2], names: [], reexport: false });
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(IMPORT_FROM, '')
    .replace(IMPORT_BARE, '')
    .replace(/["']use strict["'];?/g, '')
    .replace(/\bexport\s*\{[^}]*\}\s*;?/g, '')
    .trim()
    .replace(/;/g, '')
    .trim();
  return { code, from, barrel: rest === '' && from.length > 0 };
}

/**
 * One chunk for the small modules the login form needs besides React (its icons, controls,
 * validation, the footer, the helpers the entry shares with later screens). Left to the bundler, each
 * module the first screen shares with a later one becomes a file of a few hundred bytes, and on a slow
 * line each waits for one of the browser's six connections to the server. `test` captures what the entry
 * imports statically (the login form among it: main.tsx shows it before the router loads), computed once the
 * module graph is known (`buildEnd`,
 * before chunking). Barrels (`@corridor/domain`, `lucide-react`, `radix-ui`) are followed by the names
 * imported from them, so the icons and rules only later screens use stay with those screens.
 */
export function firstScreenChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'corridor-first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      modules.clear();
      const bindings = new Map<string, Binding>();
      const bindingOf = (id: string): Binding | undefined => {
        if (!bindings.has(id)) {
          const code = this.getModuleInfo(id)?.code;
          if (code == null) return undefined;
          bindings.set(id, bindingsOf(code));
        }
        return bindings.get(id);
      };
      const resolved = new Map<string, string | null>();
      const resolve = async (spec: string, importer: string): Promise<string | null> => {
        const key = `${importer}\0${spec}`;
        if (!resolved.has(key)) {
          const result = await this.resolve(spec, importer);
          resolved.set(key, result && !result.external ? result.id : null);
        }
        return resolved.get(key) ?? null;
      };
      const exportsName = async (id: string, name: string, seen = new Set<string>()): Promise<boolean> => {
        if (seen.has(id)) return false;
        seen.add(id);
        const binding = bindingOf(id);
        if (!binding) return false;
        if (LOCAL_EXPORT(name).test(binding.code)) return true;
        for (const entry of binding.from.filter((f) => f.reexport)) {
          if (entry.names !== '*' && entry.names.some((n) => n.local === name)) return true;
          if (Array.isArray(entry.names) && entry.names.length === 0) {
            const target = await resolve(entry.spec, id);
            if (target && (await exportsName(target, name, seen))) return true;
          }
        }
        return false;
      };
      const done = new Set<string>();
      /** Marks what `id` needs when `names` of it are used ('*': all of it). */
      const need = async (id: string, names: string[] | '*'): Promise<void> => {
        const binding = bindingOf(id);
        if (!binding) return;
        if (!binding.barrel) {
          if (done.has(id)) return;
          done.add(id);
          modules.add(id);
          for (const entry of binding.from) {
            const target = await resolve(entry.spec, id);
            if (target) await need(target, entry.names === '*' ? '*' : entry.names.map((n) => n.imported));
          }
          return;
        }
        const wanted = names === '*' ? null : names.filter((name) => !done.has(`${id}#${name}`));
        if (wanted?.length === 0 || (names === '*' && done.has(`${id}#*`))) return;
        for (const name of wanted ?? ['*']) done.add(`${id}#${name}`);
        for (const entry of binding.from) {
          const target = await resolve(entry.spec, id);
          if (!target) continue;
          if (wanted === null) {
            await need(target, '*');
          } else if (entry.names === '*') {
            // `export * as ns from` matches one name; `import * as x` inside a barrel is only used through its exports.
            continue;
          } else if (entry.names.length > 0) {
            const picked = entry.names.filter((n) => wanted.includes(n.local)).map((n) => n.imported);
            if (picked.length > 0) await need(target, picked);
          } else if (entry.reexport) {
            const found: string[] = [];
            for (const name of wanted) if (await exportsName(target, name)) found.push(name);
            if (found.length > 0) await need(target, found);
          }
        }
      };
      const roots = [...this.getModuleIds()].filter((id) => Boolean(this.getModuleInfo(id)?.isEntry));
      for (const id of roots) await need(id, '*');
      const unstyled = missingFromLoginStylesheet(modules);
      if (unstyled.length > 0) {
        this.error(`src/login.css has no @source for ${unstyled.join(', ')}: the first screen shows them before styles.css loads`);
      }
      // The entries (with the script index.html names) keep their own chunks: index.html and the build's
      // manifest name them.
      for (const id of roots) {
        modules.delete(id);
        if (id.endsWith('.html')) this.getModuleInfo(id)?.importedIds.forEach((script) => modules.delete(script));
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}

const SRC = join(dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * The first screen's modules that can carry class names (every one under src/ but the wiring in src/lib/) and are
 * not among login.css's `@source`s: their utilities would be missing from the first visit's stylesheet.
 */
export function missingFromLoginStylesheet(moduleIds: Iterable<string>, src = SRC): string[] {
  const css = readFileSync(join(src, 'login.css'), 'utf8');
  const sources = new Set([...css.matchAll(/@source\s+'([^']+)'/g)].map((match) => resolve(src, match[1] ?? '')));
  return [...moduleIds]
    .map((id) => id.split('?')[0] ?? id)
    .filter((file) => file.startsWith(`${src}/`) && !file.startsWith(join(src, 'lib') + '/') && /\.tsx?$/.test(file) && !sources.has(file))
    .map((file) => relative(src, file))
    .sort();
}
