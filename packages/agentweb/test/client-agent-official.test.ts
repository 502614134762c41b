import { afterAll, describe, expect, it } from 'vitest';
// The official SDK peers of the a2a package's tests (the 0.3.14 and 1.3.0 servers, one binding each): the same
// servers the low-level client is tested against, here reached through aw.agent().
import { type OfficialPeer, startV1Peer, startV03Peer } from '../../a2a/test/helpers/official-peers.js';
import { AgentWeb } from '../src/index.js';
import { collectUpdates, loopbackAgentOptions, loopbackHttp } from './agent-fixtures.js';

const http = loopbackHttp();
afterAll(() => http.close());

const PEERS: Array<[string, () => Promise<OfficialPeer>, '0.3' | '1.0']> = [
  ['0.3.14 HTTP+JSON', () => startV03Peer({ binding: 'HTTP+JSON' }), '0.3'],
  ['1.3.0 JSON-RPC', () => startV1Peer({ legacyCompat: false }), '1.0'],
  ['1.3.0 HTTP+JSON', () => startV1Peer({ legacyCompat: false, binding: 'HTTP+JSON' }), '1.0'],
];

describe.each(PEERS)('aw.agent() against the official %s server', (_name, start, dialect) => {
  it('sends, streams, follows up in the same context, and sees input-required and direct messages', async () => {
    const peer = await start();
    const aw = new AgentWeb(loopbackAgentOptions(http));
    try {
      const agent = await aw.agent(peer.baseUrl);
      const reply = await agent.send('hello');
      expect(reply).toMatchObject({ text: 'echo: hello', state: 'completed' });
      expect(reply.provenance.dialect).toBe(dialect);
      const updates = await collectUpdates(agent.stream('streamed'));
      expect(updates.at(-1)).toMatchObject({ text: 'echo: streamed', state: 'completed', final: true });
      expect(updates.at(-1)?.contextId).toBe(reply.contextId);
      // The peers script their behaviour by message id: `input-` stops in input-required, `msg-` answers directly.
      const waiting = await agent.send({
        parts: [{ kind: 'text', text: 'book' }],
        messageId: `input-${Date.now()}`,
      });
      expect(waiting).toMatchObject({ state: 'input-required', contextId: reply.contextId });
      const direct = await agent.send({
        parts: [{ kind: 'text', text: 'hi' }],
        messageId: `msg-${Date.now()}`,
      });
      expect(direct).toMatchObject({ state: 'completed', text: 'echo: hi', taskId: undefined });
    } finally {
      await aw.close();
      await peer.close();
    }
  });
});
