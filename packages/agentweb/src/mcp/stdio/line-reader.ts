/** What the reader made of the bytes so far: a complete line, or a line that passed the size limit. */
export type LineEvent = { kind: 'line'; text: string } | { kind: 'oversize'; bytes: number };

/** Options of {@link createLineReader}. */
export interface LineReaderOptions {
  /** Longest line kept, in bytes without its line feed; a longer one is dropped and reported as `oversize`. */
  maxLineBytes: number;
}

/** Splits a byte stream into newline-delimited lines (the MCP stdio framing). */
export interface LineReader {
  /** Feeds a chunk; returns the lines (and oversize reports) it completed, in order. */
  push(chunk: Uint8Array): LineEvent[];
  /** The input ended: a last line without its line feed is still a message. */
  end(): LineEvent[];
}

const LF = 0x0a;
const CR = 0x0d;
const decoder = new TextDecoder('utf-8');

/**
 * A bounded line reader: it holds at most `maxLineBytes` of one pending line whatever the input, and looks at each
 * byte once. A line over the limit is skipped up to its line feed (one `oversize` event, with the bytes it had), so
 * a hostile peer can neither grow the buffer nor make the reader lose its place in the stream. A trailing carriage
 * return is dropped (a peer writing CRLF is still understood) and blank lines are skipped.
 */
export function createLineReader(options: LineReaderOptions): LineReader {
  const { maxLineBytes } = options;
  let parts: Uint8Array[] = [];
  let pending = 0;
  let skipping = false;
  let skipped = 0;

  const finish = (tail: Uint8Array | undefined, events: LineEvent[]) => {
    if (skipping) {
      events.push({ kind: 'oversize', bytes: skipped + (tail?.length ?? 0) });
      skipping = false;
      skipped = 0;
      return;
    }
    if (tail !== undefined && tail.length > 0) parts.push(tail);
    let bytes = parts.length === 1 ? (parts[0] as Uint8Array) : concat(parts, pending + (tail?.length ?? 0));
    parts = [];
    pending = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    if (bytes.length === 0) return;
    const text = decoder.decode(bytes);
    if (text.trim() !== '') events.push({ kind: 'line', text });
  };

  const take = (piece: Uint8Array) => {
    if (skipping) {
      skipped += piece.length;
      return;
    }
    if (pending + piece.length > maxLineBytes) {
      skipping = true;
      skipped = pending + piece.length;
      parts = [];
      pending = 0;
      return;
    }
    if (piece.length === 0) return;
    // Copied: the caller may reuse its chunk buffer.
    parts.push(piece.slice());
    pending += piece.length;
  };

  return {
    push(chunk) {
      const events: LineEvent[] = [];
      let start = 0;
      for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, start)) {
        const piece = chunk.subarray(start, at);
        if (!skipping && pending + piece.length > maxLineBytes) {
          skipped = pending + piece.length;
          skipping = true;
          parts = [];
          pending = 0;
          finish(undefined, events);
        } else {
          finish(skipping ? piece : piece.slice(), events);
        }
        start = at + 1;
      }
      take(chunk.subarray(start));
      return events;
    },
    end() {
      const events: LineEvent[] = [];
      if (skipping || pending > 0) finish(undefined, events);
      return events;
    },
  };
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
