import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSseEventTooLargeError, parseSse, SseParser } from '../src/registry/index.js';

function feedInPieces(bytes: Uint8Array, cuts: number[]): ReturnType<typeof parseSse> {
  const parser = new SseParser();
  const events = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    events.push(...parser.push(bytes.subarray(from, cut)));
    from = cut;
  }
  events.push(...parser.push(bytes.subarray(from)));
  events.push(...parser.end());
  return events;
}

describe('SseParser', () => {
  it('reads event, id and multi-line data, and keeps the id for later events', () => {
    const events = parseSse('id: 1\nevent: upsert\ndata: {"a":\ndata: 1}\n\ndata: next\n\n');
    expect(events).toEqual([
      { type: 'upsert', data: '{"a":\n1}', lastEventId: '1', hasOwnId: true },
      { type: 'message', data: 'next', lastEventId: '1', hasOwnId: false },
    ]);
  });

  it('treats CRLF, CR and LF alike, and ignores comments and keepalives', () => {
    const text = ': keepalive\r\n\r\nevent: a\rdata: 1\r\rdata: 2\r\n\r\n:ping\n\n';
    expect(parseSse(text).map((e) => [e.type, e.data])).toEqual([
      ['a', '1'],
      ['message', '2'],
    ]);
  });

  it('strips one leading BOM only, even when it arrives a byte at a time', () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: x\n\n');
    expect(feedInPieces(bytes, [1, 2]).map((e) => e.data)).toEqual(['x']);
    // A second BOM is data, so the field name no longer reads "data" and the line is ignored.
    expect(parseSse('\uFEFF\uFEFFdata: x\n\n')).toEqual([]);
  });

  it('follows the field rules: no space after colon, bare field names, NUL ids, retry', () => {
    const parser = new SseParser();
    const events = parser.push('data:no-space\ndata\n\nid: a\0b\ndata: y\n\nretry: 1500\nretry: soon\n\n');
    expect(events.map((e) => e.data)).toEqual(['no-space\n', 'y']);
    expect(events[1]?.lastEventId).toBe('');
    expect(parser.retryMs).toBe(1500);
  });

  it('discards an event cut off by the end of the stream', () => {
    expect(parseSse('data: complete\n\ndata: partial\n')).toEqual([
      { type: 'message', data: 'complete', lastEventId: '', hasOwnId: false },
    ]);
  });

  it('decodes a multi-byte character split across chunks', () => {
    const bytes = new TextEncoder().encode('data: héllo 🌍\n\n');
    const events = feedInPieces(bytes, [8, 9, 15, 16, 17]);
    expect(events[0]?.data).toBe('héllo 🌍');
  });

  it('refuses an oversized event with a typed error, also when no line end ever comes', () => {
    const small = new SseParser({ maxEventBytes: 64 });
    expect(() => small.push(`data: ${'x'.repeat(40)}\ndata: ${'y'.repeat(40)}\n`)).toThrow(
      expect.objectContaining({ code: 'SSE_EVENT_TOO_LARGE', limit: 64 }),
    );
    const endless = new SseParser({ maxEventBytes: 64 });
    let caught: unknown;
    try {
      for (let i = 0; i < 10; i++) endless.push('z'.repeat(10));
    } catch (error) {
      caught = error;
    }
    expect(isSseEventTooLargeError(caught)).toBe(true);
    expect(() => endless.push('\n')).toThrow(expect.objectContaining({ code: 'SSE_EVENT_TOO_LARGE' }));
  });

  it('does not count keepalive comments between events toward the cap', () => {
    const parser = new SseParser({ maxEventBytes: 32 });
    for (let i = 0; i < 100; i++) parser.push(': keepalive\n\n');
    expect(parser.push('data: ok\n\n').map((e) => e.data)).toEqual(['ok']);
  });

  it('yields the same events for any split of the stream (property)', () => {
    const line = fc.oneof(
      fc.constantFrom(': keepalive', 'event: agent_card.upsert', 'id: 2026|t|a', 'retry: 10', 'data', ''),
      fc.string({ maxLength: 12 }).map((s) => `data: ${s.replace(/[\r\n]/g, '')}`),
      fc.string({ unit: 'grapheme', maxLength: 6 }).map((s) => `data:${s.replace(/[\r\n]/g, '')}`),
    );
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    const stream = fc
      .tuple(fc.boolean(), fc.array(fc.tuple(line, eol), { maxLength: 30 }))
      .map(([bom, parts]) => (bom ? '\uFEFF' : '') + parts.map(([l, e]) => l + e).join(''));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 8 }), (text, rawCuts) => {
        const bytes = new TextEncoder().encode(text);
        const whole = parseSse(bytes);
        const cuts = rawCuts.map((cut) => (bytes.length === 0 ? 0 : cut % (bytes.length + 1)));
        expect(feedInPieces(bytes, cuts)).toEqual(whole);
        // Byte-by-byte is the most hostile split of all.
        expect(
          feedInPieces(
            bytes,
            Array.from({ length: bytes.length }, (_, i) => i),
          ),
        ).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});
