import type { StreamEvent } from '../../src/index.js';

/** The parts of a message holding a single text part. */
export const text = (t: string) => [{ kind: 'text' as const, text: t }];

/** Reads a stream to its end. */
export async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Reads a stream until it ends or fails: the events delivered, and the error it failed with (undefined if none). */
export async function collectUntilError(
  stream: AsyncIterable<StreamEvent>,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}
