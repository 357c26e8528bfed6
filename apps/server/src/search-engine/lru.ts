/**
 * A small least-recently-used cache over Map's insertion order, bounded by entries and by an
 * approximate size in bytes (P10: RSS ≤ 250 MB at 100k positions, whatever the queries). Keys carry
 * the tenant's index version, so a change of positions makes old entries unreachable; they then age out.
 */
export class LruCache<Value> {
  private readonly entries = new Map<string, { value: Value; bytes: number }>();
  private totalBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (value: Value) => number = () => 0,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    // An entry larger than the whole budget is not worth keeping.
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
