import { createHttpClient } from '@agentweb/http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNooterraRegistryClient,
  isRegistryFilterError,
  isRegistryStreamError,
  type RegistryStreamEvent,
  type StreamReconnectEvent,
} from '../src/registry/index.js';
import {
  type DoubleStreamEvent,
  makeCard,
  type RegistryDouble,
  removedEvent,
  startRegistryDouble,
  upsertEvent,
} from './helpers/nooterra-registry-double.js';

const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true, cache: false, timeoutMs: 5_000 });

let double: RegistryDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

function events(count: number): DoubleStreamEvent[] {
  const out: DoubleStreamEvent[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    out.push(
      i % 4 === 3 ? removedEvent('tenant a', `agt_${i - 1}`, at) : upsertEvent(makeCard(`agt_${i}`), at),
    );
  }
  return out;
}

async function take(iterator: AsyncIterableIterator<RegistryStreamEvent>, count: number) {
  const got: RegistryStreamEvent[] = [];
  for await (const event of iterator) {
    got.push(event);
    if (got.length === count) break;
  }
  return got;
}

const fast = { reconnect: { baseDelayMs: 5, maxAttempts: 3 } };

describe('Nooterra registry stream', () => {
  it('delivers typed upsert and removed events, ignoring keepalives and the ready event', async () => {
    const served = events(4);
    double = await startRegistryDouble({ events: served });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const ready: unknown[] = [];
    const got = await take(client.stream({}, { ...fast, onReady: (r) => ready.push(r) }), 4);
    expect(got.map((e) => e.type)).toEqual(['upsert', 'upsert', 'upsert', 'removed']);
    expect(got.map((e) => e.cursor)).toEqual(served.map((e) => e.cursor));
    const first = got[0];
    expect(first?.type === 'upsert' && first.event.agentCard.agentId).toBe('agt_0');
    expect(ready).toHaveLength(1);
    expect(double.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it('resumes after dropped connections without losing or repeating an event', async () => {
    const served = events(10);
    // Drops after 3, then 0, then 4 events; the server also replays 2 events on every resume.
    double = await startRegistryDouble({ events: served, dropAfterEvents: [3, 0, 4], replayOverlap: 2 });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const reconnects: StreamReconnectEvent[] = [];
    const got = await take(client.stream({}, { ...fast, onReconnect: (e) => reconnects.push(e) }), 10);
    expect(got.map((e) => e.cursor)).toEqual(served.map((e) => e.cursor));
    expect(double.streamConnections.length).toBe(4);
    const resumed = double.requests
      .slice(1)
      .map((r) => [r.query.get('sinceCursor'), r.headers['last-event-id']]);
    expect(resumed).toEqual([
      [served[2]?.cursor, served[2]?.cursor],
      [served[2]?.cursor, served[2]?.cursor],
      [served[4]?.cursor, served[4]?.cursor],
    ]);
    expect(reconnects.map((e) => e.attempt)).toEqual([1, 2, 1]);
  });

  it('starts after sinceCursor and sends the filters under their documented names', async () => {
    const served = events(5);
    double = await startRegistryDouble({ events: served, crlf: true });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const iterator = client.stream(
      { capability: 'capability://travel.booking', toolRiskClass: 'read', status: 'active', runtime: 'node' },
      { ...fast, sinceCursor: served[1]?.cursor },
    );
    const got = await take(iterator, 3);
    expect(got.map((e) => e.cursor)).toEqual(served.slice(2).map((e) => e.cursor));
    const query = double.requests[0]?.query;
    expect(query?.get('capability')).toBe('capability://travel.booking');
    expect(query?.get('toolRiskClass')).toBe('read');
    expect(query?.get('status')).toBe('active');
    expect(query?.get('runtime')).toBe('node');
    expect(query?.get('sinceCursor')).toBe(served[1]?.cursor);
  });

  it('refuses invalid filters and cursors before any request', async () => {
    double = await startRegistryDouble({ events: events(1) });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    for (const call of [
      () => client.stream({ capability: 'capability://Root.x' }),
      () => client.stream({ limit: 5 } as never),
      () => client.stream({}, { sinceCursor: 'a b\r\nx' }),
    ]) {
      expect(() => call()).toThrow(expect.objectContaining({ code: 'REGISTRY_FILTER_INVALID' }));
    }
    let error: unknown;
    try {
      client.stream({ limit: 5 } as never);
    } catch (e) {
      error = e;
    }
    expect(isRegistryFilterError(error) && error.reason).toBe('NOT_SUPPORTED_BY_STREAM');
    expect(double.requests).toHaveLength(0);
  });

  it('surfaces agent_cards.error as a RegistryStreamError with the registry code and the last cursor', async () => {
    const served = events(5);
    double = await startRegistryDouble({ events: served, errorAfterEvents: 2 });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const got: RegistryStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of client.stream({}, fast)) got.push(event);
    })().catch((e: unknown) => e);
    expect(got).toHaveLength(2);
    expect(isRegistryStreamError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PUBLIC_AGENT_CARD_STREAM_READ_FAILED',
      registryMessage: 'store read failed',
      lastCursor: served[1]?.cursor,
    });
    expect(double.streamConnections).toHaveLength(1);
  });

  it('gives up with REGISTRY_STREAM_RECONNECT_EXHAUSTED after bounded attempts', async () => {
    double = await startRegistryDouble({ events: events(2), dropAfterEvents: [0, 0, 0, 0, 0] });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const error = await client
      .stream({}, { reconnect: { baseDelayMs: 1, maxAttempts: 2 } })
      .next()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'REGISTRY_STREAM_RECONNECT_EXHAUSTED', lastCursor: undefined });
    expect(double.streamConnections).toHaveLength(3);
  });

  it('closes the connection when the signal aborts, rejecting with its reason', async () => {
    double = await startRegistryDouble({ events: events(1) });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const controller = new AbortController();
    const iterator = client.stream({}, { ...fast, signal: controller.signal });
    await iterator.next();
    // The next event never comes (only keepalives): abort while the read is pending.
    const pending = iterator.next();
    const reason = new Error('user stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await double.streamConnections[0]?.closed;
    expect(double.streamConnections[0]?.isClosed()).toBe(true);
  });

  it('closes the connection when the consumer breaks out (return())', async () => {
    double = await startRegistryDouble({ events: events(3) });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    const got = await take(client.stream({}, fast), 1);
    expect(got).toHaveLength(1);
    await double.streamConnections[0]?.closed;
    expect(double.streamConnections).toHaveLength(1);
  });

  it('reconnects when the server goes silent past the idle timeout', async () => {
    const served = events(3);
    double = await startRegistryDouble({ events: served, keepaliveMs: 60_000 });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    // Generous here: this part only reads the events; a slow connect on a loaded machine must not count.
    const iterator = client.stream({}, { ...fast, idleTimeoutMs: 2_000 });
    expect((await take(iterator, 3)).length).toBe(3);
    const reconnects: unknown[] = [];
    const controller = new AbortController();
    const watched = client.stream(
      {},
      {
        ...fast,
        idleTimeoutMs: 100,
        sinceCursor: served[2]?.cursor,
        signal: controller.signal,
        onReconnect: (e) => {
          reconnects.push(e.reason);
          controller.abort(new Error('seen'));
        },
      },
    );
    await expect(watched.next()).rejects.toThrow('seen');
    expect(String(reconnects[0])).toMatch(/No data from the stream/);
  });

  it('ends with REGISTRY_STREAM_EVENT_INVALID on a malformed event unless onInvalidEvent is given', async () => {
    const bad: DoubleStreamEvent = {
      name: 'agent_card.upsert',
      cursor: '2026-01-01T00:00:00.000Z|t|bad',
      data: { schemaVersion: 'AgentCardStreamEvent.v1', type: 'AGENT_CARD_UPSERT' },
    };
    const good = events(2).slice(1);
    double = await startRegistryDouble({ events: [bad, ...good] });
    const client = createNooterraRegistryClient({ baseUrl: double.url, http });
    await expect(client.stream({}, fast).next()).rejects.toMatchObject({
      code: 'REGISTRY_STREAM_EVENT_INVALID',
    });
    const reported: unknown[] = [];
    const got = await take(client.stream({}, { ...fast, onInvalidEvent: (info) => reported.push(info) }), 1);
    expect(got.map((e) => e.cursor)).toEqual([good[0]?.cursor]);
    expect(reported).toEqual([expect.objectContaining({ eventName: 'agent_card.upsert', id: bad.cursor })]);
  });
});
