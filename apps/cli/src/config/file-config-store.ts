import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from '../errors.ts';
import type { ConfigFile, ConfigStore, Profile } from './config-store.ts';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const PROFILE_FIELDS = ['apiRoot', 'token', 'username', 'expiresAt', 'refreshToken', 'refreshExpiresAt'] as const;

function parseProfile(value: unknown): Profile {
  if (!isRecord(value)) return {};
  const profile: Profile = {};
  for (const field of PROFILE_FIELDS) {
    const text = optionalString(value[field]);
    if (text !== undefined) profile[field] = text;
  }
  return profile;
}

function parseConfig(text: string, location: string): ConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new UsageError(`the config file ${location} is not valid JSON; fix or delete it`);
  }
  const profiles: Record<string, Profile> = {};
  if (isRecord(raw) && isRecord(raw['profiles'])) {
    for (const [name, value] of Object.entries(raw['profiles'])) profiles[name] = parseProfile(value);
  }
  return { profiles };
}

/**
 * The config file on disk. Written to a temporary file created 0600 and renamed over the old one, so a
 * crash never leaves half a file and the token is never readable by others, whatever the umask.
 */
export function createFileConfigStore(location: string): ConfigStore {
  return {
    location,
    async read() {
      let text: string;
      try {
        text = await readFile(location, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
        throw error;
      }
      return parseConfig(text, location);
    },
    async write(config) {
      const dir = dirname(location);
      await mkdir(dir, { recursive: true, mode: DIR_MODE });
      const temporary = `${location}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: FILE_MODE });
      // The mode given to writeFile is filtered by the umask and ignored for an existing file.
      await chmod(temporary, FILE_MODE);
      await rename(temporary, location);
    },
  };
}
