import { describe, expect, it, vi } from 'vitest';
import type { ConfirmationRequest, InvokeIntentOptions } from '../src/client/types.js';
import { type AgentWebToolsOptions, createAgentWebTools } from '../src/tools/index.js';
import { createFakeClient, type FakeBehaviour, setupTools } from './tools-fake-client.js';

function setup(overrides: Partial<FakeBehaviour> = {}, options: AgentWebToolsOptions = {}) {
  const env = setupTools(overrides, options);
  const invokeOptions = () =>
    env.calls.filter((c) => c.method === 'invokeIntent').map((c) => c.args[1] as InvokeIntentOptions);
  return { ...env, invokeOptions };
}

const invokeArgs = {
  instruction: null,
  matchId: null,
  candidate: null,
  inputJson: null,
  confirmed: null,
};

describe('match_intent', () => {
  it('returns a matchId and compact candidates, executing nothing', async () => {
    const { tool, calls } = setup();
    const result = await tool('match_intent').execute({
      instruction: 'book a table for two',
      maxCandidates: 2,
    });
    expect(result).toEqual({
      ok: true,
      data: {
        matchId: 'match-1',
        abstain: false,
        candidates: [
          {
            candidate: 0,
            service: 'Tables',
            method: 'BOOK',
            path: '/reservation',
            confidence: 0.912,
            needsConfirmation: false,
            params: { party_size: 2 },
            reasons: ['verb match'],
          },
          expect.objectContaining({ candidate: 1, method: 'CANCEL', needsConfirmation: true }),
        ],
      },
    });
    expect(calls.map((c) => c.method)).toEqual(['intent']);
    expect(calls[0]?.args[1]).toEqual({ topK: 2 });
  });

  it('says that no service is loaded, in words for the model', async () => {
    const { tool, calls } = setup({ services: 0 });
    const result = await tool('match_intent').execute({ instruction: 'book a table', maxCandidates: null });
    expect(result).toMatchObject({ ok: false, error: { code: 'AGENTWEB_NO_AGIS_SERVICES' } });
    expect(calls).toEqual([]);
  });
});

describe('invoke_intent', () => {
  it('runs an endpoint that needs no confirmation from the instruction, merging inputJson', async () => {
    const { tool, invokeOptions } = setup();
    const result = await tool('invoke_intent').execute({
      ...invokeArgs,
      instruction: 'book a table for two',
      inputJson: '{"restaurant":"Luigi"}',
    });
    expect(result).toEqual({
      ok: true,
      data: {
        matchId: 'match-1',
        invoked: { service: 'Tables', method: 'BOOK', path: '/reservation' },
        status: 200,
        data: { reservation_id: 'R-42', input: { party_size: 2, restaurant: 'Luigi' } },
      },
    });
    expect(invokeOptions()[0]).toMatchObject({ candidate: 0, input: { restaurant: 'Luigi' } });
  });

  it('refuses an endpoint that needs confirmation until the model passes confirmed: true, sending nothing before', async () => {
    const { tool, calls } = setup();
    const match = await tool('match_intent').execute({
      instruction: 'cancel reservation R-1',
      maxCandidates: null,
    });
    expect(match.ok).toBe(true);
    const first = await tool('invoke_intent').execute({ ...invokeArgs, matchId: 'match-1', candidate: 1 });
    expect(first).toMatchObject({
      ok: false,
      error: {
        code: 'CONFIRMATION_REQUIRED',
        details: {
          matchId: 'match-1',
          candidate: { candidate: 1, method: 'CANCEL', path: '/reservation/{id}', needsConfirmation: true },
          input: { party_size: 2 },
          reasons: ['impact_tier irreversible', 'verb match'],
        },
      },
    });
    expect(first.ok || first.error.message).toMatch(
      /CANCEL \/reservation\/\{id\} of "Tables" needs the user's confirmation.*Nothing was sent.*matchId "match-1", candidate 1 and confirmed: true/,
    );
    // The same stored match is used again: no second intent() call.
    const second = await tool('invoke_intent').execute({
      ...invokeArgs,
      matchId: 'match-1',
      candidate: 1,
      confirmed: true,
    });
    expect(second).toMatchObject({ ok: true, data: { invoked: { method: 'CANCEL' }, status: 200 } });
    expect(calls.map((c) => c.method)).toEqual(['intent', 'invokeIntent', 'invokeIntent']);
  });

  it('confirmed: true approves only the exact action shown before: not a first call, not another input', async () => {
    const { tool } = setup();
    await tool('match_intent').execute({ instruction: 'cancel reservation R-1', maxCandidates: null });
    const cancel = { ...invokeArgs, matchId: 'match-1', candidate: 1 };
    // A model that sets confirmed: true before the user saw anything gets the question, not the action.
    const early = await tool('invoke_intent').execute({ ...cancel, confirmed: true });
    expect(early).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED', details: { input: { party_size: 2 } } },
    });
    // Confirming after changing the input is a new action: asked again, with the new input shown.
    const changed = await tool('invoke_intent').execute({
      ...cancel,
      inputJson: '{"party_size":9}',
      confirmed: true,
    });
    expect(changed).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED', details: { input: { party_size: 9 } } },
    });
    const confirmed = await tool('invoke_intent').execute({
      ...cancel,
      inputJson: '{"party_size":9}',
      confirmed: true,
    });
    expect(confirmed).toMatchObject({ ok: true, data: { data: { input: { party_size: 9 } } } });
    // An approval is used once: running it again asks again.
    const again = await tool('invoke_intent').execute({
      ...cancel,
      inputJson: '{"party_size":9}',
      confirmed: true,
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
  });

  it('an approval is used up when it is given, even when the call then fails or runs twice at once', async () => {
    const { tool, client, calls } = setup();
    const invoke = client.invokeIntent.bind(client);
    let failNext = true;
    // The endpoint call fails after the approval (a timeout, a 503): the action may well have happened.
    client.invokeIntent = async (match, options) => {
      const result = await invoke(match, options);
      if (failNext) {
        failNext = false;
        throw new Error('the service did not answer in time');
      }
      return result;
    };
    await tool('match_intent').execute({ instruction: 'cancel reservation R-1', maxCandidates: null });
    const cancel = { ...invokeArgs, matchId: 'match-1', candidate: 1 };
    expect(await tool('invoke_intent').execute(cancel)).toMatchObject({
      error: { code: 'CONFIRMATION_REQUIRED' },
    });
    const failed = await tool('invoke_intent').execute({ ...cancel, confirmed: true });
    expect(failed.ok).toBe(false);
    // Retrying the same irreversible action needs the user again.
    const retried = await tool('invoke_intent').execute({ ...cancel, confirmed: true });
    expect(retried).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
    // Two confirmed calls racing on one approval: only one of them acts.
    const both = await Promise.all([
      tool('invoke_intent').execute({ ...cancel, confirmed: true }),
      tool('invoke_intent').execute({ ...cancel, confirmed: true }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok && r.error.code === 'CONFIRMATION_REQUIRED')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'invokeIntent')).toHaveLength(5);
  });

  it('confirmed: false is not a yes', async () => {
    const { tool } = setup();
    await tool('match_intent').execute({ instruction: 'cancel reservation R-1', maxCandidates: null });
    const result = await tool('invoke_intent').execute({
      ...invokeArgs,
      matchId: 'match-1',
      candidate: 1,
      confirmed: false,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } });
  });

  it('with a host confirm callback, the host alone decides and the model flag is ignored', async () => {
    const requests: ConfirmationRequest[] = [];
    const confirm = vi.fn((request: ConfirmationRequest) => {
      requests.push(request);
      return false;
    });
    const { tool } = setup({}, { confirm });
    await tool('match_intent').execute({ instruction: 'cancel reservation R-1', maxCandidates: null });
    const refused = await tool('invoke_intent').execute({
      ...invokeArgs,
      matchId: 'match-1',
      candidate: 1,
      confirmed: true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'AGENTWEB_INTENT_NOT_CONFIRMED' } });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(requests[0]?.candidate.method).toBe('CANCEL');
    confirm.mockImplementation(() => true);
    const approved = await tool('invoke_intent').execute({ ...invokeArgs, matchId: 'match-1', candidate: 1 });
    expect(approved).toMatchObject({ ok: true, data: { status: 200 } });
  });

  it('names what is wrong with its arguments', async () => {
    const { tool, calls } = setup();
    const invoke = tool('invoke_intent');
    await expect(invoke.execute(invokeArgs)).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'pass matchId or instruction' },
    });
    await expect(invoke.execute({ ...invokeArgs, matchId: 'match-77' })).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('matchId "match-77" is unknown or expired') },
    });
    await expect(
      invoke.execute({ ...invokeArgs, instruction: 'x', inputJson: '{party' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { message: 'inputJson is not valid JSON; pass a JSON object or null' },
    });
    await expect(
      invoke.execute({ ...invokeArgs, instruction: 'x', inputJson: '[1]' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('inputJson must be a JSON object') },
    });
    expect(calls).toEqual([]);
  });

  it('forgets old matches past its bound, oldest first', async () => {
    const { tool } = setup();
    for (let i = 0; i < 33; i++)
      await tool('match_intent').execute({ instruction: `book ${i}`, maxCandidates: null });
    await expect(tool('invoke_intent').execute({ ...invokeArgs, matchId: 'match-1' })).resolves.toMatchObject(
      {
        ok: false,
        error: { code: 'INVALID_INPUT' },
      },
    );
    await expect(tool('invoke_intent').execute({ ...invokeArgs, matchId: 'match-2' })).resolves.toMatchObject(
      {
        ok: true,
      },
    );
  });

  it('matches of one tool list are not visible to another (one list per conversation)', async () => {
    const { client } = createFakeClient();
    const [, , , , , matchA] = createAgentWebTools(client);
    const invokeB = createAgentWebTools(client, { include: ['invoke_intent'] })[0];
    await matchA?.execute({ instruction: 'book', maxCandidates: null });
    await expect(invokeB?.execute({ ...invokeArgs, matchId: 'match-1' })).resolves.toMatchObject({
      ok: false,
    });
  });
});

describe('invoke_intent: input JSON cannot carry', () => {
  it('refuses a non-finite number in inputJson as invalid input, sending nothing', async () => {
    const { tool, calls } = setup();
    const result = await tool('invoke_intent').execute({
      ...invokeArgs,
      instruction: 'book a table for two',
      inputJson: '{"party_size": 1e999}',
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('1e999') },
    });
    expect(calls).toEqual([]);
  });
});
