/** Pieces joined into one block at a time: a few thousand short strings, then one string for all of them. */
const BLOCK = 2048;

/**
 * Text collected in many pieces (a page can hand over a hundred thousand two-character pieces), joined block by
 * block as it comes. Each piece so lives only until its block is full and dies young, where a list of every piece
 * kept them all alive through the page and into the old generation, whose collection then cost as much as the
 * scan itself.
 */
export class TextBuffer {
  private pieces: string[] = [];
  private readonly blocks: string[] = [];

  push(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length === BLOCK) {
      this.blocks.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  /** All the text, in order. */
  toString(): string {
    return this.blocks.join('') + this.pieces.join('');
  }
}
