import { NetworkError } from '@agentweb/http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../src/index.js';
import { resumableStream } from '../src/resume-stream.js';

const working = (n: number): StreamEvent => ({
  kind: 'status-update',
  taskId: 't1',
  contextId: 'c1',
  status: { state: 'working', timestamp: String(n) },
  final: false,
});
const completed: StreamEvent = {
  kind: 'status-update',
  taskId: 't1',
  contextId: 'c1',
  status: { state: 'completed' },
  final: true,
};
const dropped = () =>
  new NetworkError({ url: 'http://127.0.0.1:1/rpc', cause: new Error('connection reset') });

/** A stream that yields `events` in batches of `batch`, then fails as a dropped connection would. */
async function* droppingAfter(events: StreamEvent[], batch = 7): AsyncGenerator<StreamEvent[]> {
  for (let i = 0; i < events.length; i += batch) yield events.slice(i, i + batch);
  throw dropped();
}

async function* finishing(events: StreamEvent[]): AsyncGenerator<StreamEvent[]> {
  yield events;
}

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

const fast = { initialDelayMs: 1, maxDelayMs: 1 };

describe('resumableStream de-duplication', () => {
  it('skips what a resubscription replays, and delivers what is new, in order', async () => {
    const first = Array.from({ length: 20 }, (_, i) => working(i));
    const events = await collect(
      resumableStream(
        () => droppingAfter(first),
        () => finishing([...first.slice(5), working(20), completed]),
        fast,
      ),
    );
    expect(events).toEqual([...first, working(20), completed]);
  });

  it('keeps events the agent itself sent twice before any drop (nothing was replayed yet)', async () => {
    const events = await collect(
      resumableStream(
        () => finishing([working(1), working(1), completed]),
        () => finishing([]),
        fast,
      ),
    );
    expect(events).toEqual([working(1), working(1), completed]);
  });

  it('recognises the last 256 events delivered before a drop; older replays are delivered again', async () => {
    const first = Array.from({ length: 300 }, (_, i) => working(i));
    const events = await collect(
      resumableStream(
        () => droppingAfter(first, 50),
        () => finishing([...first, completed]),
        fast,
      ),
    );
    // The 44 oldest fell out of the bounded window, so the replay brings them once more.
    expect(events).toEqual([...first, ...first.slice(0, 44), completed]);
  });

  it('bounds the window by size too: after 1 MB events, only the newest few are recognised', async () => {
    const big = (n: number): StreamEvent => ({
      kind: 'artifact-update',
      taskId: 't1',
      contextId: 'c1',
      artifact: { artifactId: `a${n}`, parts: [{ kind: 'text', text: 'x'.repeat(1_000_000) }] },
    });
    const first = Array.from({ length: 6 }, (_, i) => big(i));
    const events = await collect(
      resumableStream(
        () => droppingAfter(first, 1),
        () => finishing([...first, completed]),
        fast,
      ),
    );
    // About 4 MiB are remembered: the last four 1 MB events.
    expect(events.map((e) => (e.kind === 'artifact-update' ? e.artifact.artifactId : e.kind))).toEqual([
      'a0',
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'a0',
      'a1',
      'status-update',
    ]);
  });

  it('keeps recognising events across a second drop', async () => {
    const first = Array.from({ length: 10 }, (_, i) => working(i));
    let subscriptions = 0;
    const events = await collect(
      resumableStream(
        () => droppingAfter(first),
        () => {
          subscriptions += 1;
          return subscriptions === 1
            ? droppingAfter([...first, working(10)])
            : finishing([...first, working(10), completed]);
        },
        fast,
      ),
    );
    expect(events).toEqual([...first, working(10), completed]);
  });

  it('never overflows the stack on deeply nested data parts, delivered or replayed (property)', async () => {
    /** `depth` levels of arrays or objects, built from the inside out (JSON.parse accepts any depth). */
    const nested = (depth: number, arrays: boolean): unknown => {
      let value: unknown = 0;
      for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
      return value;
    };
    const deepEvent = (depth: number, arrays: boolean): StreamEvent => ({
      kind: 'artifact-update',
      taskId: 't1',
      contextId: 'c1',
      artifact: {
        artifactId: 'deep',
        parts: [{ kind: 'data', data: { nested: nested(depth, arrays) } as Record<string, unknown> }],
      },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 20_000, max: 120_000 })),
        fc.boolean(),
        fc.constantFrom('before-drop', 'after-resume', 'both'),
        async (depth, arrays, where) => {
          const deep = deepEvent(depth, arrays);
          const start = working(0);
          const first = where === 'after-resume' ? [start] : [start, deep];
          const replay = where === 'before-drop' ? [...first, completed] : [start, deep, deep, completed];
          const events = await collect(
            resumableStream(
              () => droppingAfter(first, 1),
              () => finishing(replay),
              fast,
            ),
          );
          // Identity checks only: a deep comparison would itself recurse through the nesting.
          expect(events[0]).toBe(start);
          expect(events.at(-1)).toBe(completed);
          for (const event of events) expect([start, deep, completed]).toContain(event);
        },
      ),
      { numRuns: 25 },
    );
  });
});
