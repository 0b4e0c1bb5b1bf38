/** One named backend and its session. The token is a secret: the file is readable by its owner only. */
export interface Profile {
  apiRoot?: string;
  token?: string;
  username?: string;
  /** ISO timestamp computed from the grant's expires_in, so `whoami` can say the token is stale. */
  expiresAt?: string;
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
export async function updateProfile(
  store: ConfigStore,
  name: string,
  change: (profile: Profile) => Profile,
): Promise<Profile> {
  const config = await store.read();
  const next = change(config.profiles[name] ?? {});
  await store.write({ ...config, profiles: { ...config.profiles, [name]: next } });
  return next;
}
