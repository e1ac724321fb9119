import { LRUCache } from 'lru-cache';
import type { ReadScope, WriteGeneration } from './write-generation';

/** The backstop for writes no instance announces (psql, migrations, another tool): nothing is kept longer. */
export const READ_CACHE_TTL_MS = 10_000;

/** Hits and misses of `read()` per cache name, since start (the /metrics hit ratio, http/metrics.ts). */
export const readCacheLookups = new Map<string, { hits: number; misses: number }>();

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A per-instance cache of reads that is exact about this instance's writes: every entry belongs to the write
 * generation it was read in and is gone as soon as the generation moves (any write that may change what it reads, or
 * another instance's NOTIFY of one; a cache of session rows also moves on the session store's writes).
 * A value is kept only when no write happened while it was being read, so a read racing a write is never kept.
 */
export class ReadCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  /** Loads under way, by key, with the generation each started in. */
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();
  private generationSeen: number;
  private readonly lookups: { hits: number; misses: number };

  constructor(
    private readonly generation: WriteGeneration,
    private readonly options: { name: string; max: number; ttlMs?: number; now?: () => number; reads?: ReadScope },
  ) {
    this.entries = new LRUCache({ max: options.max });
    this.generationSeen = this.current();
    this.lookups = readCacheLookups.get(options.name) ?? { hits: 0, misses: 0 };
    readCacheLookups.set(options.name, this.lookups);
  }

  /** The generation of what this cache reads (write-generation.ts WriteScope). */
  private current(): number {
    return this.generation.valueFor(this.options.reads ?? 'data');
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether entries may be served and kept: not while another instance's writes could go unheard. */
  private usable(): boolean {
    if (!this.generation.listening) return false;
    if (this.current() !== this.generationSeen) {
      this.entries.clear();
      this.generationSeen = this.current();
    }
    return true;
  }

  get(key: string): V | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The cached value, counted as a hit when there is one (a miss is counted by the `read` that loads it). */
  served(key: string): V | undefined {
    const hit = this.get(key);
    if (hit !== undefined) this.lookups.hits++;
    return hit;
  }

  /**
   * The cached value, else `load()`'s, kept when no write happened meanwhile. `until` may end an entry earlier than
   * the TTL (a session's expiry); `keep` says whether a loaded value is worth keeping (e.g. not "not found").
   * Reads of a key that is being loaded, with no write since that load began, wait for it instead of loading again
   * (they would read the same rows): when an entry ends, concurrent requests make one load, not one each.
   */
  async read(
    key: string,
    load: () => Promise<V>,
    options: { until?: (value: V) => number; keep?: (value: V) => boolean } = {},
  ): Promise<V> {
    const hit = this.served(key);
    if (hit !== undefined) return hit;
    const generation = this.current();
    const running = this.loading.get(key);
    if (running !== undefined && running.generation === generation && this.generation.listening) {
      this.lookups.hits++;
      return running.value;
    }
    this.lookups.misses++;
    const loaded = load();
    const own = { generation, value: loaded };
    this.loading.set(key, own);
    let value: V;
    try {
      value = await loaded;
    } finally {
      if (this.loading.get(key) === own) this.loading.delete(key);
    }
    if (generation === this.current() && this.usable() && (options.keep?.(value) ?? true)) {
      const expiresAt = Math.min(
        this.now() + (this.options.ttlMs ?? READ_CACHE_TTL_MS),
        options.until?.(value) ?? Infinity,
      );
      this.entries.set(key, { value, expiresAt });
    }
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
