/**
 * The server's named in-memory caches (reference data). `/v1/internal/cache/*` inspects and clears
 * them; a cleared cache reloads from the database on its next read.
 */
export interface CacheEntry {
  key: string;
  value: unknown;
  storedAt: string;
}

export interface CacheInfo {
  name: string;
  size: number;
  hits: number;
  misses: number;
}

class NamedCache<T> {
  private entries = new Map<string, { value: T; storedAt: Date }>();
  private loaded = false;
  hits = 0;
  misses = 0;

  constructor(
    readonly name: string,
    private readonly now: () => Date,
  ) {}

  /** All values, loading every row once when the cache is empty. */
  async all(load: () => Promise<Array<{ key: string; value: T }>>): Promise<T[]> {
    if (this.loaded) {
      this.hits++;
    } else {
      this.misses++;
      const rows = await load();
      const storedAt = this.now();
      this.entries = new Map(rows.map((r) => [r.key, { value: r.value, storedAt }]));
      this.loaded = true;
    }
    return [...this.entries.values()].map((e) => e.value);
  }

  get size(): number {
    return this.entries.size;
  }

  list(): CacheEntry[] {
    return [...this.entries].map(([key, e]) => ({ key, value: e.value, storedAt: e.storedAt.toISOString() }));
  }

  clear(): void {
    this.entries.clear();
    this.loaded = false;
  }
}

/** Case-insensitive "contains", with `%` or `*` as wildcards (cacheNameLike). */
function nameMatcher(nameLike: string | undefined): (name: string) => boolean {
  if (nameLike === undefined || nameLike === '') return () => true;
  const pattern = nameLike
    .split(/[%*]/)
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(pattern, 'i');
  return (name) => regex.test(name);
}

export class CacheRegistry {
  private readonly caches = new Map<string, NamedCache<unknown>>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The cache of that name, created empty on first use. */
  named<T>(name: string): NamedCache<T> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new NamedCache<unknown>(name, this.now);
      this.caches.set(name, cache);
    }
    return cache as NamedCache<T>;
  }

  info(nameLike?: string): CacheInfo[] {
    const matches = nameMatcher(nameLike);
    return [...this.caches.values()]
      .filter((c) => matches(c.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => ({ name: c.name, size: c.size, hits: c.hits, misses: c.misses }));
  }

  entries(name: string): CacheEntry[] | null {
    return this.caches.get(name)?.list() ?? null;
  }

  clear(nameLike?: string): string[] {
    const matches = nameMatcher(nameLike);
    const cleared: string[] = [];
    for (const cache of this.caches.values()) {
      if (matches(cache.name)) {
        cache.clear();
        cleared.push(cache.name);
      }
    }
    return cleared.sort();
  }
}
