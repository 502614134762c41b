import type { StreamEvent } from '../../src/index.js';

/** The parts of a message holding a single text part. */
export const text = (t: string) => [{ kind: 'text' as const, text: t }];

/** Reads a stream to its end. */
export async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
