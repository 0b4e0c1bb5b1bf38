import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { routePreload } from '../route-preload.ts';

const chunk = (fileName: string, isEntry: boolean, imports: string[]) => ({ type: 'chunk', fileName, isEntry, imports });

/** Runs the plugin's bundle reading as the build does, before Vite writes the preload lists. */
function built(bundle: Record<string, unknown>) {
  const preload = routePreload();
  const hook = preload.plugin.generateBundle;
  if (!hook || typeof hook !== 'object') throw new Error('generateBundle is not an ordered hook');
  expect(hook.order).toBe('pre');
  void hook.handler.call({} as never, {} as never, bundle as unknown as Rolldown.OutputBundle, false);
  return preload.resolveDependencies;
}

describe('the lazy imports preload lists', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', true, ['assets/react.js', 'assets/first-screen.js']),
    'assets/first-screen.js': chunk('assets/first-screen.js', false, ['assets/react.js']),
    'assets/react.js': chunk('assets/react.js', false, []),
    'assets/app-router.js': chunk('assets/app-router.js', false, ['assets/router.js']),
    'assets/router.js': chunk('assets/router.js', false, []),
    'assets/styles.css': { type: 'asset', fileName: 'assets/styles.css' },
  };
  const deps = ['assets/wallet.js', 'assets/local-db.js'];

  it('lists every chunk an import needs where a chunk past the login route makes it (the route tree)', () => {
    expect(built(bundle)('assets/wallet-route.js', deps, { hostId: 'assets/app-router.js', hostType: 'js' })).toEqual(deps);
  });

  it("lists none where the entry or one of its static imports makes it: the login route's bytes stay the form's", () => {
    const resolve = built(bundle);
    expect(resolve('assets/session.js', deps, { hostId: 'assets/index.js', hostType: 'js' })).toEqual([]);
    expect(resolve('assets/session.js', deps, { hostId: 'assets/first-screen.js', hostType: 'js' })).toEqual([]);
  });

  it("keeps index.html's own preloads", () => {
    expect(built(bundle)('assets/index.js', ['assets/react.js'], { hostId: 'index.html', hostType: 'html' })).toEqual(['assets/react.js']);
  });
});
