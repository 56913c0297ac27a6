// A process's cache of values that never change once made (a resolved turn's luck, a phase's start
// state, a finished game's end): the last ones used are kept, the least recently used dropped first.
export class Recent<K, V> {
  readonly #kept = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#kept.get(key);
  }

  /** Keeps `value` as the most recently used (a Map iterates in insertion order: first in, first dropped). */
  keep(key: K, value: V): V {
    this.#kept.delete(key);
    this.#kept.set(key, value);
    if (this.#kept.size > this.limit) this.#kept.delete(this.#kept.keys().next().value!);
    return value;
  }

  /** The keys kept, least recently used first. */
  keys(): K[] {
    return [...this.#kept.keys()];
  }

  delete(key: K): void {
    this.#kept.delete(key);
  }
}
