// What V8 (64-bit, without pointer compression, as Node ships) allocates for the values JSON.parse makes. Shapes
// (maps) are shared by objects of one layout and property names are interned, so neither is counted per value.
const POINTER = 8;
const STRING_HEADER = 16;
const HEAP_NUMBER = 16;
const OBJECT_HEADER = 3 * POINTER;
const ARRAY_HEADER = 4 * POINTER;
const ELEMENTS_HEADER = 2 * POINTER;
// V8 keeps a string of Latin-1 characters at one byte per character, any other at two.
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

const roundUp = (bytes: number) => Math.ceil(bytes / POINTER) * POINTER;

/** Heap bytes of a string: its header and characters, at one or two bytes each. */
export function stringHeapBytes(text: string): number {
  return roundUp(STRING_HEADER + text.length * (BEYOND_LATIN1.test(text) ? 2 : 1));
}

/**
 * Heap bytes a value made by `JSON.parse` takes, estimated from its structure: strings by their length, doubles
 * boxed, objects and arrays by their slots. It counts what one value holds alone, so a cache can bound the heap its
 * entries take; values shared with others (interned property names, shapes) are left out.
 */
export function jsonHeapBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return stringHeapBytes(value);
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 0 : HEAP_NUMBER;
    case 'object': {
      if (value === null) return 0;
      if (Array.isArray(value)) {
        let bytes = ARRAY_HEADER + ELEMENTS_HEADER + value.length * POINTER;
        for (const item of value) bytes += jsonHeapBytes(item);
        return bytes;
      }
      let bytes = OBJECT_HEADER;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        bytes += POINTER + jsonHeapBytes((value as Record<string, unknown>)[key]);
      }
      return bytes;
    }
    default:
      return 0;
  }
}
