import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineReader, type LineEvent, parseJsonRpcLine } from '../src/mcp/index.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function readAll(chunks: readonly string[], maxLineBytes = 16): LineEvent[] {
  const reader = createLineReader({ maxLineBytes });
  return [...chunks.flatMap((chunk) => reader.push(bytes(chunk))), ...reader.end()];
}

describe('the stdio line reader of agentweb-mcp', () => {
  it('gives the same lines however the input is cut, drops CR before LF and skips blank lines', () => {
    const text = 'ab\r\n\n  \ncdé\nlast';
    const whole = readAll([text]);
    expect(whole).toEqual([
      { kind: 'line', text: 'ab' },
      { kind: 'line', text: 'cdé' },
      { kind: 'line', text: 'last' },
    ]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 6 }), (cuts) => {
        // Cut on bytes, so a multi-byte character may be split across chunks.
        const raw = bytes(text);
        const points = [...new Set(cuts.map((c) => Math.min(c, raw.length)))].sort((a, b) => a - b);
        const reader = createLineReader({ maxLineBytes: 16 });
        const events: LineEvent[] = [];
        let from = 0;
        for (const at of [...points, raw.length]) {
          events.push(...reader.push(raw.subarray(from, at)));
          from = at;
        }
        events.push(...reader.end());
        expect(events).toEqual(whole);
      }),
    );
  });

  it('drops a line over the limit whole, even spread over chunks, says how long it was, and reads on', () => {
    expect(readAll(['0123456789', '0123456789', '012\nok\n'])).toEqual([
      { kind: 'oversize', bytes: 23 },
      { kind: 'line', text: 'ok' },
    ]);
    expect(readAll(['x'.repeat(40)])).toEqual([{ kind: 'oversize', bytes: 40 }]);
  });

  it('classifies what a line carries without throwing', () => {
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({
      kind: 'single',
      item: { kind: 'request', id: 1, method: 'ping', params: {} },
    });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({
      item: { kind: 'notification' },
    });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":null,"method":"ping"}')).toMatchObject({
      item: { kind: 'invalid', id: null },
    });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":2,"method":"x","params":[1]}')).toMatchObject({
      item: { kind: 'invalid', id: 2 },
    });
    expect(parseJsonRpcLine('[]')).toMatchObject({ item: { kind: 'invalid' } });
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":3,"result":{}}')).toMatchObject({
      item: { kind: 'response' },
    });
    expect(parseJsonRpcLine('{oops')).toMatchObject({ kind: 'parse-error' });
    expect(parseJsonRpcLine('[1,{"jsonrpc":"2.0","method":"a"}]')).toMatchObject({
      kind: 'batch',
      items: [{ kind: 'invalid' }, { kind: 'notification' }],
    });
  });
});
