/** Entries per chunk (4096): a chunk stays a small object (32 KiB of references). */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;

/**
 * A list of strings that grows in chunks. A JavaScript array grown by `push` past a few ten thousand entries lives
 * in V8's large-object space, where every growth maps and zeroes fresh memory: measured at three times the cost of
 * a push into a small array, which made the lists of a page of tens of thousands of microdata elements one of
 * its main costs. Chunks of a fixed size never grow, so no entry is copied twice. (Numbers go to an `IntList`.)
 */
export class ChunkedList<T extends string | undefined> {
  // Every chunk is created full of `undefined`, so all chunks have one elements kind and the stores below stay
  // monomorphic (an array created with holes changes kind on its first store). The first chunk starts small and
  // doubles up to the chunk size (most lists stay short); later ones are allocated at their full size.
  private readonly chunks: T[][] = [filled(16)];
  private last: T[] = this.chunks[0]!;
  private lastLength = 0;
  /** Number of entries. */
  length = 0;

  push(value: T): void {
    if (this.lastLength === this.last.length) this.extend();
    this.last[this.lastLength++] = value;
    this.length++;
  }

  private extend(): void {
    if (this.chunks.length === 1 && this.last.length < CHUNK) {
      const bigger = filled<T>(2 * this.last.length);
      for (let i = 0; i < this.lastLength; i++) bigger[i] = this.last[i]!;
      this.chunks[0] = bigger;
      this.last = bigger;
      return;
    }
    this.last = filled(CHUNK);
    this.chunks.push(this.last);
    this.lastLength = 0;
  }

  /** The entry at `index` (0 <= index < length). */
  get(index: number): T {
    return this.chunks[index >>> CHUNK_BITS]![index & (CHUNK - 1)]!;
  }

  /** Replaces the entry at `index` (0 <= index < length). */
  set(index: number, value: T): void {
    this.chunks[index >>> CHUNK_BITS]![index & (CHUNK - 1)] = value;
  }
}

function filled<T extends string | undefined>(size: number): T[] {
  return new Array<T>(size).fill(undefined as T);
}
