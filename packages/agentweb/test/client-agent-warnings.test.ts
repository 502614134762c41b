import { type A2AWarningCode, isInvalidAgentResponseError } from '@agentweb/a2a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentWebEvent } from '../src/index.js';
import { collectUpdates, loopbackClients, loopbackHttp } from './agent-fixtures.js';
import { type DepartingAgent, startDepartingAgent } from './departing-agent-double.js';

let peer: DepartingAgent;
const http = loopbackHttp();
const { make, closeAll } = loopbackClients(http);
const codes = (list: readonly { code: string }[]) => list.map((w) => w.code);

beforeAll(async () => {
  peer = await startDepartingAgent();
});
afterAll(async () => {
  await closeAll();
  await peer.close();
  await http.close();
});

describe("aw.agent(): the A2A reader's warnings reach the reply, the agent and the events", () => {
  it('a send to an agent whose task has no kind answers, with kind-inferred on the reply and as an event', async () => {
    const events: AgentWebEvent[] = [];
    const agent = await make({ onEvent: (e) => events.push(e) }).agent(peer.cardUrl);
    expect(agent.warnings).toEqual([]);
    const reply = await agent.send('hi');
    expect(reply).toMatchObject({ text: 'hi', state: 'completed', contextId: 'ctx-1' });
    expect(codes(reply.warnings)).toContain('kind-inferred' satisfies A2AWarningCode);
    expect(reply.warnings[0]).toMatchObject({ path: expect.any(String), message: expect.any(String) });
    expect(agent.warnings).toEqual(reply.warnings);
    const warned = events.filter((e) => e.type === 'agent:warning');
    expect(warned.map((e) => e.warning)).toEqual(reply.warnings);
    expect(warned[0]).toMatchObject({ agentId: agent.id, domain: agent.domain });
    // The next turn's reply carries its own warnings, not the first turn's again.
    const next = await agent.send('again');
    expect(next.text).toBe('again');
    expect(next.warnings.length).toBe(reply.warnings.length);
    expect(agent.warnings.length).toBe(2 * reply.warnings.length);
  });

  it('a stream with framing noise yields the text, with sse-framing-noise on its updates', async () => {
    const agent = await make().agent(peer.cardUrl);
    const updates = await collectUpdates(agent.stream('hi'));
    const last = updates.at(-1);
    expect(last).toMatchObject({ text: 'hi', state: 'completed', final: true });
    expect(codes(last?.warnings ?? [])).toEqual(
      expect.arrayContaining(['sse-framing-noise', 'kind-inferred']),
    );
    expect(codes(agent.warnings)).toContain('sse-framing-noise');
  });

  it('strict: true refuses the same answer with a typed error, and warns of nothing', async () => {
    const events: AgentWebEvent[] = [];
    const agent = await make({ onEvent: (e) => events.push(e) }).agent(peer.cardUrl, { strict: true });
    const error = await agent.send('hi').catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
    expect(agent.warnings).toEqual([]);
    expect(events.filter((e) => e.type === 'agent:warning')).toEqual([]);
  });

  it("the client's strict applies to its agents too", async () => {
    const agent = await make({ strict: true }).agent(peer.cardUrl);
    const error = await collectUpdates(agent.stream('hi')).catch((e: unknown) => e);
    expect(isInvalidAgentResponseError(error)).toBe(true);
  });

  it('a merchant whose card needed a repair says so in a merchant:warning event', async () => {
    const events: AgentWebEvent[] = [];
    const merchant = await make({ onEvent: (e) => events.push(e) }).addMerchant(peer.merchantCardUrl);
    const warned = events.filter((e) => e.type === 'merchant:warning');
    expect(warned.map((e) => e.warning.code)).toEqual(['card-mode-not-mime']);
    expect(warned[0]).toMatchObject({ merchantId: merchant.id, warning: { path: 'defaultInputModes[0]' } });
  });
});
