import type { HttpClient } from '@agentweb/http';
import { AgentWeb, type AgentWebAgent } from 'agentweb';
import { afterAll, expect, it } from 'vitest';
import { echoOf } from './echo-model.js';

/** What a framework's agent does through `aw.agent()`, where frameworks differ. */
export interface AgentWebExpectations {
  /** The card URL of the running agent (known once the suite's server is up). */
  cardUrl: () => string;
  /** The state a turn ends in (`completed`; `input-required` for the Gemini CLI server). */
  state: string;
  /** The warning codes a send's reply carries (the card's, identity's and the A2A reader's), in order. */
  warnings: string[];
  /**
   * Whether `strict: true` refused it with the typed error expected for this framework; `undefined` for an agent
   * with nothing to refuse on this path (then a strict send answers as a lenient one).
   */
  strictRefusal: ((error: unknown) => boolean) | undefined;
}

/**
 * Registers the checks of a framework's agent reached through `aw.agent(cardUrl)` (issue #25 item 5: "through both
 * createA2AClient and aw.agent(...)"), inside the suite's describe so they share its server.
 */
export function agentWebChecks(http: HttpClient, expected: AgentWebExpectations): void {
  const clients: AgentWeb[] = [];
  const open = async (strict = false): Promise<AgentWebAgent> => {
    const aw = new AgentWeb({
      http,
      allowHttp: true,
      allowPrivateNetwork: true,
    });
    clients.push(aw);
    return aw.agent(expected.cardUrl(), { strict });
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it('aw.agent(): send returns the echoed text, with the warnings on the reply', async () => {
    const agent = await open();
    const reply = await agent.send('hi');
    expect(reply.state).toBe(expected.state);
    expect(reply.text).toBe(echoOf('hi'));
    expect(reply.contextId).toEqual(expect.any(String));
    const codes = reply.warnings.map((w) => w.code);
    expect(codes).toEqual(expected.warnings);
    expect(agent.warnings).toEqual(expect.arrayContaining([...reply.warnings]));
  });

  it('aw.agent(): stream yields the echoed text; the last update is final', async () => {
    const agent = await open();
    let last: { text: string; final: boolean; state: string } | undefined;
    for await (const update of agent.stream('hi')) last = update;
    expect(last?.text).toBe(echoOf('hi'));
    expect(last?.final).toBe(true);
    expect(last?.state).toBe(expected.state);
  });

  it('aw.agent(): a follow-up turn keeps the conversation', async () => {
    const agent = await open();
    const first = await agent.send('first');
    const second = await agent.send('second');
    expect(second.contextId).toBe(first.contextId);
    expect(second.text).toContain(echoOf('second'));
  });

  const { strictRefusal } = expected;
  if (strictRefusal === undefined) {
    it('aw.agent(): strict: true has nothing to refuse and answers the same', async () => {
      const reply = await (await open(true)).send('hi');
      expect(reply.text).toBe(echoOf('hi'));
      expect(reply.warnings).toEqual([]);
    });
  } else {
    it('aw.agent(): strict: true refuses with a typed error', async () => {
      const error = await open(true)
        .then((agent) => agent.send('hi'))
        .catch((e: unknown) => e);
      expect(strictRefusal(error)).toBe(true);
    });
  }
}
