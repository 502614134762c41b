import { type RedisServerHandle, startRedisServer } from '@agentweb/redis/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { interopSuite } from '../../../test/interop.js';
import { AgentWeb } from '../src/index.js';
import { collectUpdates, loopbackAgentOptions, loopbackHttp } from './agent-fixtures.js';
import { type GenericAgentPeer, startGenericAgent } from './generic-agent-peer.js';

// Interoperability: two AgentWeb instances sharing a real redis-server on 127.0.0.1 continue one user's
// conversation with a generic agent on the official A2A SDK server (test/interop-suites.json).
const redis = interopSuite(import.meta.url);

describe.runIf(redis.available)(
  'interop: redis-server, one conversation with an agent across instances',
  () => {
    let server: RedisServerHandle;
    let peer: GenericAgentPeer;
    const http = loopbackHttp();
    const open: AgentWeb[] = [];
    let prefixes = 0;

    beforeAll(async () => {
      server = await startRedisServer({ executable: redis.executable });
      peer = await startGenericAgent();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(open.splice(0).map((aw) => aw.close()));
    });
    afterAll(async () => {
      await peer?.close();
      await server?.close();
      await http.close();
    });

    function twoInstances(userId: string): [AgentWeb, AgentWeb] {
      const keyPrefix = `agent-${++prefixes}:`;
      const make = () => {
        const aw = new AgentWeb(
          loopbackAgentOptions(http, { userId, redis: { url: server.url, keyPrefix } }),
        );
        open.push(aw);
        return aw;
      };
      return [make(), make()];
    }

    it('alternating instances continue one conversation, and a question asked on one is answered on the other', async () => {
      const [a, b] = twoInstances('alice');
      const first = await (await a.agent(peer.origin)).send('hello');
      const second = await (await b.agent(peer.origin)).send('again');
      expect(second).toMatchObject({ contextId: first.contextId, text: 'echo: again (turn 2)' });
      const asked = await (await a.agent(peer.cardUrl)).send('book a table');
      expect(asked).toMatchObject({ state: 'input-required', text: 'Which date?' });
      const streamed = await collectUpdates((await b.agent(peer.origin)).stream('saturday'));
      expect(streamed.at(-1)).toMatchObject({
        state: 'completed',
        text: 'booked: book a table on saturday',
        taskId: asked.taskId,
        contextId: first.contextId,
      });
      // Another user on the same instances talks in a conversation of their own.
      const bob = await (await a.agent(peer.origin)).send('hi', { user: 'bob' });
      expect(bob.contextId).not.toBe(first.contextId);
      expect(bob.text).toBe('echo: hi (turn 1)');
    }, 30_000);

    it('parallel first turns of one user on two instances share one conversation', async () => {
      const [a, b] = twoInstances('parallel');
      const agents = [await a.agent(peer.origin), await b.agent(peer.origin)];
      const replies = await Promise.all([0, 1, 2, 3].map((i) => agents[i % 2]!.send(`turn ${i}`)));
      expect(new Set(replies.map((r) => r.contextId)).size).toBe(1);
      expect(replies.map((r) => r.text.match(/\(turn (\d)\)$/)?.[1]).sort()).toEqual(['1', '2', '3', '4']);
    }, 30_000);
  },
);
