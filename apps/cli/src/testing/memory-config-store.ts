import type { ConfigFile, ConfigStore } from '../config/config-store.ts';

/** A config store in memory; `writes` counts saves so tests see when nothing was stored. */
export function memoryConfigStore(initial: ConfigFile = { profiles: {} }): ConfigStore & { writes: number; current(): ConfigFile } {
  let config: ConfigFile = structuredClone(initial);
  const store = {
    location: '/memory/config.json',
    writes: 0,
    read: async () => structuredClone(config),
    write: async (next: ConfigFile) => {
      store.writes += 1;
      config = structuredClone(next);
    },
    current: () => structuredClone(config),
  };
  return store;
}
