/**
 * Admission to a result cache: a result is kept only when its key was asked before. A URL asked once
 * (a search typed letter by letter, a filter that changes on every request) then costs no copy in a
 * cache that nobody reads, and no garbage collection of it when the cache is emptied; a list screen
 * polled again and again is kept from its second request and answered from the cache from its third.
 * The keys remembered are bounded: when full they are forgotten together (a key asked again then waits
 * for one more request).
 */
export class AskedBefore {
  private readonly keys = new Set<string>();

  constructor(private readonly maxKeys: number) {}

  /** Whether `key` was asked before (since the keys were last forgotten); remembers it either way. */
  check(key: string): boolean {
    if (this.keys.has(key)) return true;
    if (this.keys.size >= this.maxKeys) this.keys.clear();
    this.keys.add(key);
    return false;
  }
}
