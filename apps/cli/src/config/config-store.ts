/** One named backend and its session. The tokens are secrets: the file is readable by its owner only. */
export interface Profile {
  apiRoot?: string;
  /** The cached access token (15 minutes); renewed from the refresh token when it expires or is refused. */
  token?: string;
  username?: string;
  /** ISO timestamp computed from the grant's expires_in: an access token past it is renewed before use. */
  expiresAt?: string;
  /** The session's refresh token (rotated on each use; the newest one is kept). */
  refreshToken?: string;
  /** ISO timestamp computed from the grant's refresh_expires_in. */
  refreshExpiresAt?: string;
}

export interface ConfigFile {
  profiles: Record<string, Profile>;
}

export interface ConfigStore {
  readonly location: string;
  read(): Promise<ConfigFile>;
  write(config: ConfigFile): Promise<void>;
}

export const DEFAULT_PROFILE = 'default';

export async function readProfile(store: ConfigStore, name: string): Promise<Profile> {
  const config = await store.read();
  return config.profiles[name] ?? {};
}

/** Read-modify-write of one profile; other profiles are kept as they are. */
export async function updateProfile(store: ConfigStore, name: string, change: (profile: Profile) => Profile): Promise<Profile> {
  const config = await store.read();
  const next = change(config.profiles[name] ?? {});
  await store.write({ ...config, profiles: { ...config.profiles, [name]: next } });
  return next;
}
