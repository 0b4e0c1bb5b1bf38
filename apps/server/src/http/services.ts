import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CacheRegistry } from '../cache/named-cache.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { FileStorage } from '../lib/file-storage.ts';

/** What handlers share: built once per server instance, never module-global (tests run several). */
export interface AppServices {
  db: Db;
  config: ServerConfig;
  cache: CacheRegistry;
  tokens: TokenService;
  /** Uploaded file content on disk. */
  files: FileStorage;
  /** The password check of sign-in: a seam, so tests count how many passwords were really checked. */
  passwords: { verify: (password: string, stored: string) => Promise<boolean> };
}
