/** A growable list of 32-bit integers in a typed array: no boxed entries, nothing for the collector to trace. */
export class IntList {
  private data: Int32Array;
  /** Number of entries. */
  length = 0;

  constructor(capacity = 64) {
    this.data = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(2 * this.data.length);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The entry at `index` (0 <= index < length). */
  get(index: number): number {
    return this.data[index]!;
  }
}
