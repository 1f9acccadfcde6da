/**
 * Immutable Maps and Sets whose one-key change costs O(1), for aggregate states that grow with
 * their stream (a project's followers, updates, members). Copying a Map on every event made a
 * fold quadratic: 10,000 project events took over a second, 40,000 about forty (docs/audit.md).
 *
 * Every version of one lineage shares a single Map (Baker's "rerooting"): the version that holds it
 * is the root; every other version holds the one change that leads from it to a newer version. A
 * read of a version that is not the root first walks the changes back to it, moving the shared Map
 * there, so reading the newest version of a fold costs nothing extra and an older one (a
 * checkpoint, the state a command decided on) pays once for the distance. They are Maps and Sets
 * (`instanceof`, iteration, `new Map(x)`, equality in tests), read-only: `set`, `add`, `delete` and
 * `clear` throw; use `with`/`without`. After a reroot, an older version iterates its keys in an
 * order that may differ from its first (a key deleted and put back comes last); nothing here reads
 * meaning into that order (the audit sorts).
 */
type Change<K, V> = { readonly key: K; readonly had: boolean; readonly value: V | undefined; readonly next: Version<K, V> };

class Version<K, V> {
  /** null: this version holds the shared Map. */
  change: Change<K, V> | null = null;
  constructor(readonly data: Map<K, V>) {}
}

/** The shared Map as `v` sees it, moved to `v` (O(distance to the current root)). */
const reroot = <K, V>(v: Version<K, V>): Map<K, V> => {
  if (v.change === null) return v.data;
  const path: Version<K, V>[] = [];
  for (let at: Version<K, V> = v; at.change !== null; at = at.change.next) path.push(at);
  const data = v.data;
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const node = path[i]!;
    const { key, had, value, next: root } = node.change!;
    const hadNow = data.has(key);
    const now = data.get(key);
    if (had) data.set(key, value as V);
    else data.delete(key);
    root.change = { key, had: hadNow, value: now, next: node };
    node.change = null;
  }
  return data;
};

/** A new version with `key` present (with `value`) or absent; `v` stays as it was. */
const put = <K, V>(v: Version<K, V>, key: K, present: boolean, value: V | undefined): Version<K, V> => {
  const data = reroot(v);
  const had = data.has(key);
  const now = data.get(key);
  if (present) data.set(key, value as V);
  else data.delete(key);
  const next = new Version(data);
  v.change = { key, had, value: now, next };
  return next;
};

const readOnly = (what: string): never => {
  throw new Error(`A persistent collection does not change in place: use ${what}`);
};

export class PersistentMap<K, V> extends Map<K, V> {
  // Not enumerable: to whoever compares or copies it, this is only its entries.
  declare private readonly version: Version<K, V>;

  private constructor(version: Version<K, V>) {
    super();
    Object.defineProperty(this, 'version', { value: version, enumerable: false, writable: false, configurable: false });
  }

  static from<K, V>(entries: Iterable<readonly [K, V]> = []): PersistentMap<K, V> {
    return entries instanceof PersistentMap ? (entries as PersistentMap<K, V>) : new PersistentMap(new Version(new Map(entries)));
  }

  /** This map with `key` set to `value`. */
  with(key: K, value: V): PersistentMap<K, V> {
    return new PersistentMap(put(this.version, key, true, value));
  }

  /** This map without `key`. */
  without(key: K): PersistentMap<K, V> {
    return reroot(this.version).has(key) ? new PersistentMap(put(this.version, key, false, undefined)) : this;
  }

  override get(key: K): V | undefined {
    return reroot(this.version).get(key);
  }
  override has(key: K): boolean {
    return reroot(this.version).has(key);
  }
  override get size(): number {
    return reroot(this.version).size;
  }
  // Iteration works on a copy of the entries: reading another version meanwhile moves the shared Map.
  override entries(): MapIterator<[K, V]> {
    return [...reroot(this.version).entries()][Symbol.iterator]() as unknown as MapIterator<[K, V]>;
  }
  override keys(): MapIterator<K> {
    return [...reroot(this.version).keys()][Symbol.iterator]() as unknown as MapIterator<K>;
  }
  override values(): MapIterator<V> {
    return [...reroot(this.version).values()][Symbol.iterator]() as unknown as MapIterator<V>;
  }
  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
  override set(): this {
    return readOnly('with');
  }
  override delete(): boolean {
    return readOnly('without');
  }
  override clear(): void {
    readOnly('a new collection');
  }
}

export class PersistentSet<T> extends Set<T> {
  // Not enumerable: to whoever compares or copies it, this is only its entries.
  declare private readonly version: Version<T, true>;

  private constructor(version: Version<T, true>) {
    super();
    Object.defineProperty(this, 'version', { value: version, enumerable: false, writable: false, configurable: false });
  }

  static from<T>(items: Iterable<T> = []): PersistentSet<T> {
    if (items instanceof PersistentSet) return items as PersistentSet<T>;
    return new PersistentSet(new Version(new Map([...items].map((item) => [item, true] as const))));
  }

  with(item: T): PersistentSet<T> {
    return reroot(this.version).has(item) ? this : new PersistentSet(put(this.version, item, true, true));
  }

  without(item: T): PersistentSet<T> {
    return reroot(this.version).has(item) ? new PersistentSet(put(this.version, item, false, undefined)) : this;
  }

  override has(item: T): boolean {
    return reroot(this.version).has(item);
  }
  override get size(): number {
    return reroot(this.version).size;
  }
  override values(): SetIterator<T> {
    return [...reroot(this.version).keys()][Symbol.iterator]() as unknown as SetIterator<T>;
  }
  override keys(): SetIterator<T> {
    return this.values();
  }
  override entries(): SetIterator<[T, T]> {
    return [...reroot(this.version).keys()].map((item) => [item, item] as [T, T])[Symbol.iterator]() as unknown as SetIterator<
      [T, T]
    >;
  }
  override [Symbol.iterator](): SetIterator<T> {
    return this.values();
  }
  override forEach(callback: (value: T, key: T, set: Set<T>) => void, thisArg?: unknown): void {
    for (const item of this.values()) callback.call(thisArg, item, item, this);
  }
  override add(): this {
    return readOnly('with');
  }
  override delete(): boolean {
    return readOnly('without');
  }
  override clear(): void {
    readOnly('a new collection');
  }
}
