import { NetworkError } from '@agentweb/http';
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
});
