import { homedir } from 'node:os';
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the config file lives: CORRIDOR_CONFIG (a file path, used by tests and scripts), else the XDG
 * config home, else ~/.config.
 */
export function configFilePath(env: Env, home: string = homedir()): string {
  const explicit = env['CORRIDOR_CONFIG'];
  if (explicit) return explicit;
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg && xdg.startsWith('/') ? xdg : join(home, '.config');
  return join(base, 'corridor', 'config.json');
}
