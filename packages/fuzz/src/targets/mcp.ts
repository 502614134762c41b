// MCP over stdio: the lines a host (or anything else attached to the bin's stdin) writes to agentweb-mcp.
import { createLineReader, parseJsonRpcLine } from 'agentweb/mcp';
import { textInput } from '../arbitraries.js';
import { defineTarget, type FuzzTarget, textSize } from '../target.js';

const MAX_LINE = 4096;
const encoder = new TextEncoder();

const SEEDS = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}\n',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n',
  '[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}]\r\n',
  '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"search_products","arguments":{"query":"boots"}}}',
];

/**
 * Feeds the text to the line reader in uneven chunks and parses every line, checking the reader's bound: no line
 * it hands on is longer than its limit, whatever the input.
 */
function readStdio(text: string): number {
  const bytes = encoder.encode(text);
  const reader = createLineReader({ maxLineBytes: MAX_LINE });
  let messages = 0;
  const take = (events: ReturnType<typeof reader.push>) => {
    for (const event of events) {
      if (event.kind === 'oversize') continue;
      if (encoder.encode(event.text).length > MAX_LINE) throw new Error('a line passed the reader limit');
      const line = parseJsonRpcLine(event.text);
      messages += line.kind === 'batch' ? line.items.length : 1;
    }
  };
  for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7 + 3) % 997 || 1) {
    take(reader.push(bytes.subarray(at, at + step)));
  }
  take(reader.end());
  return messages;
}

export const mcpTargets: FuzzTarget[] = [
  defineTarget({
    name: 'agentweb.mcpStdioLines',
    input: textInput(SEEDS, [
      '\n',
      '\r\n',
      '{',
      '}',
      '[',
      ']',
      '"',
      '\\',
      '\u0000',
      '"id":null',
      '"jsonrpc":"1.0"',
      'x'.repeat(5000),
    ]),
    run: readStdio,
    size: textSize,
    neverThrows: true,
    testRuns: 150,
  }),
];
