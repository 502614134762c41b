import type { Document, LineCounter, Node } from 'yaml';
import { AgisParseError } from './errors.js';
import { limitError } from './limits.js';
import { loadYaml } from './load-yaml.js';

/**
 * Parses YAML text into a document. The text has passed `checkYamlShape`, so the parser's recursion is
 * bounded; a stack overflow left over (a shape the pre-scan does not model) is still a limit error, never
 * a crash. Duplicate keys are found by {@link firstDuplicateKey} in one walk: the library's own check compares
 * each key with every earlier one.
 */
export function parseYamlDocument(text: string, lineCounter: LineCounter): Document.Parsed {
  try {
    return loadYaml().parseDocument(text, {
      lineCounter,
      uniqueKeys: false,
      prettyErrors: false,
      schema: 'core',
      logLevel: 'error',
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw limitError('maxDepth', 'AGIS document nests too deeply to parse', {});
    }
    throw new AgisParseError({ reason: 'syntax', message: `Invalid YAML: ${String(error)}`, cause: error });
  }
}

/** The first key that repeats within one mapping (scalar keys compared by value), or undefined. */
export function firstDuplicateKey(doc: Document.Parsed): Node | undefined {
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (loadYaml().isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (loadYaml().isScalar(pair.key)) {
          if (seen.has(pair.key.value)) return pair.key;
          seen.add(pair.key.value);
        } else if (pair.key) pending.push(pair.key);
        pending.push(pair.value);
      }
    } else if (loadYaml().isSeq(node)) for (const item of node.items) pending.push(item);
  }
  return undefined;
}
