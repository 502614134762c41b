import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isA2AStreamError, parseSse, type SseEvent } from '../src/index.js';

function bodyOf(
  chunks: Array<string | Uint8Array>,
  options: { hang?: boolean } = {},
): ReadableStream<Uint8Array> & { canceled: () => boolean } {
  let canceled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) {
        const c = chunks[i++] as string | Uint8Array;
        controller.enqueue(typeof c === 'string' ? new TextEncoder().encode(c) : c);
      } else if (!options.hang) controller.close();
    },
    cancel() {
      canceled = true;
    },
  });
  return Object.assign(stream, { canceled: () => canceled });
}

async function all(body: ReadableStream<Uint8Array>, opts = {}): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of parseSse(body, opts)) out.push(e);
  return out;
}

describe('parseSse', () => {
  it('joins multi-line data and reads event and id fields', async () => {
    const events = await all(bodyOf(['event: update\nid: 7\ndata: {"a":\ndata: 1}\n\n']));
    expect(events).toEqual([{ event: 'update', id: '7', data: '{"a":\n1}' }]);
  });

  it('skips comments and accepts CRLF, CR and a leading BOM', async () => {
    const events = await all(
      bodyOf(['\uFEFF: keep-alive\r\ndata: one\r\n\r\n', 'data: two\r\rdata:three\n\n']),
    );
    expect(events.map((e) => e.data)).toEqual(['one', 'two', 'three']);
  });

  it('handles line ends and multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: héllo\r\n\r\n');
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    expect((await all(bodyOf(chunks))).map((e) => e.data)).toEqual(['héllo']);
  });

  it('drops an unterminated last event and events without data', async () => {
    expect(await all(bodyOf(['event: x\n\ndata: partial']))).toEqual([]);
  });

  it('fails with event-too-large past the cap, and cancels the body', async () => {
    const body = bodyOf([`data: ${'x'.repeat(2000)}\n`, `data: ${'y'.repeat(2000)}\n\n`], { hang: true });
    const error = await all(body, { maxEventBytes: 3000 }).catch((e: unknown) => e);
    expect(isA2AStreamError(error) && error.reason).toBe('event-too-large');
    expect(body.canceled()).toBe(true);
  });

  it('fails a line that never ends once it outgrows the cap', async () => {
    const error = await all(bodyOf(['data: ', 'z'.repeat(5000)], { hang: true }), {
      maxEventBytes: 4096,
    }).catch((e: unknown) => e);
    expect(isA2AStreamError(error) && error.reason).toBe('event-too-large');
  });

  it('yields the events read before a cap failure in the same chunk, then fails', async () => {
    // The over-cap line ends within the chunk, and (second case) it never ends: both after a whole event.
    for (const tail of [`data: ${'z'.repeat(5000)}\n\n`, `data: ${'z'.repeat(5000)}`]) {
      const body = bodyOf([`data: a\n\ndata: b\n\n${tail}`], { hang: true });
      const seen: string[] = [];
      const error = await (async () => {
        for await (const e of parseSse(body, { maxEventBytes: 4096 })) seen.push(e.data);
      })().catch((e: unknown) => e);
      expect(seen).toEqual(['a', 'b']);
      expect(isA2AStreamError(error) && error.reason).toBe('event-too-large');
      expect(body.canceled()).toBe(true);
    }
  });

  it('fails with idle-timeout when the stream goes silent', async () => {
    const body = bodyOf(['data: a\n\n'], { hang: true });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of parseSse(body, { idleTimeoutMs: 30 })) seen.push(e.data);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['a']);
    expect(isA2AStreamError(error) && error.reason).toBe('idle-timeout');
    expect(body.canceled()).toBe(true);
  });

  it('stops on abort with the signal reason and cancels the body', async () => {
    const body = bodyOf([], { hang: true });
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 10);
    const error = await all(body, { signal: controller.signal, idleTimeoutMs: 0 }).catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(body.canceled()).toBe(true);
  });

  it('cancels the body when the consumer stops early', async () => {
    const body = bodyOf(['data: 1\n\ndata: 2\n\n'], { hang: true });
    for await (const _ of parseSse(body)) break;
    expect(body.canceled()).toBe(true);
  });

  it('reads the same events whatever the line ends and chunk boundaries (property)', async () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'é', '{', '"', ' ', ':', '€') });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(line, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 10 }),
        async (events, eol, cuts) => {
          const wire = events.map((lines) => lines.map((l) => `data: ${l}${eol}`).join('') + eol).join('');
          const bytes = new TextEncoder().encode(wire);
          const chunks: Uint8Array[] = [];
          let at = 0;
          for (let i = 0; at < bytes.length; i++) {
            const size = cuts[i % cuts.length] as number;
            chunks.push(bytes.slice(at, at + size));
            at += size;
          }
          const got = await all(bodyOf(chunks));
          expect(got.map((e) => e.data)).toEqual(events.map((lines) => lines.join('\n')));
        },
      ),
      { numRuns: 200 },
    );
  });
});
