import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from './cli-in-process.js';
import { type GenericAgentPeer, startGenericAgent } from './generic-agent-peer.js';

let peer: GenericAgentPeer;
let dir: string;
const LOOPBACK = ['--allow-http', '--allow-private-network'];

beforeAll(async () => {
  peer = await startGenericAgent();
  dir = await mkdtemp(join(tmpdir(), 'agentweb-ask-'));
});
beforeEach(() => {
  peer.received.length = 0;
});
afterAll(async () => {
  await peer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('agentweb ask', () => {
  it("prints the agent's answer, exit 0; with --context-file the next run continues the conversation", async () => {
    const contexts = ['--context-file', join(dir, 'follow-up.json')];
    const first = await runInProcess(['ask', peer.origin, 'hello', ...LOOPBACK, ...contexts]);
    expect(first).toMatchObject({ code: 0, stdout: 'echo: hello (turn 1)\n', stderr: '' });
    const second = await runInProcess(['ask', peer.cardUrl, 'again', ...LOOPBACK, ...contexts]);
    expect(second).toMatchObject({ code: 0, stdout: 'echo: again (turn 2)\n' });
    const fresh = await runInProcess(['ask', peer.origin, 'over', '--new', ...LOOPBACK, ...contexts]);
    expect(fresh.stdout).toBe('echo: over (turn 1)\n');
  });

  it('--stream prints the answer as it arrives; with --json one JSON line per update', async () => {
    const chunks: string[] = [];
    const streamed = await runInProcess(['ask', peer.origin, 'stream it', '--stream', ...LOOPBACK], {
      onOutput: ({ stdout }) => chunks.push(stdout),
    });
    expect(streamed).toMatchObject({ code: 0, stdout: 'echo: stream it (turn 1)\n', stderr: '' });
    // The first chunk was on stdout before the rest arrived.
    expect(chunks).toContain('echo: ');
    const lines = await runInProcess(['ask', peer.origin, 'as json', '--stream', '--json', ...LOOPBACK]);
    const updates = lines.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(updates.at(-1)).toMatchObject({ final: true, state: 'completed', text: 'echo: as json (turn 1)' });
    expect(updates.map((u) => u.delta).join('')).toBe('echo: as json (turn 1)');
  });

  it('--json prints the whole reply', async () => {
    const run = await runInProcess(['ask', peer.origin, 'json please', '--json', ...LOOPBACK]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      text: 'echo: json please (turn 1)',
      state: 'completed',
      taskId: expect.any(String),
      contextId: expect.any(String),
      provenance: { binding: 'JSONRPC', cardUrl: peer.cardUrl },
      result: { task: { kind: 'task' } },
    });
  });

  it('a question back is exit 0 with the question on stdout and the state on stderr; the answer continues it', async () => {
    const contexts = ['--context-file', join(dir, 'booking.json')];
    const asked = await runInProcess(['ask', peer.origin, 'book a table', ...LOOPBACK, ...contexts]);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toBe('Which date?\n');
    expect(asked.stderr).toMatch(/^\[input-required\] the agent is waiting for your answer/);
    const answered = await runInProcess(['ask', peer.origin, 'tuesday', ...LOOPBACK, ...contexts]);
    expect(answered).toMatchObject({ code: 0, stdout: 'booked: book a table on tuesday\n' });
  });

  it('exit 1 when the agent fails the task, 2 on usage errors, 3 when nothing answers', async () => {
    const failed = await runInProcess(['ask', peer.origin, 'fail', ...LOOPBACK]);
    expect(failed).toMatchObject({ code: 1, stdout: 'cannot do that\n', stderr: '[failed]\n' });
    const streamedFail = await runInProcess(['ask', peer.origin, 'fail', '--stream', ...LOOPBACK]);
    expect(streamedFail).toMatchObject({ code: 1, stdout: 'cannot do that\n' });
    const noText = await runInProcess(['ask', peer.origin, ...LOOPBACK]);
    expect(noText.code).toBe(2);
    expect(noText.stderr).toMatch(/^error: CLI_USAGE: missing <text>/);
    const empty = await runInProcess(['ask', peer.origin, ' ', ...LOOPBACK]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^error: CLI_USAGE: <text> is empty/);
    const nobody = await runInProcess(['ask', 'http://127.0.0.1:1', 'hi', ...LOOPBACK]);
    expect(nobody.code).toBe(3);
    expect(peer.received.map((t) => t.text)).toEqual(['fail', 'fail']);
  });

  it('keeps control characters of the answer off the terminal, but its line breaks', async () => {
    const run = await runInProcess(['ask', peer.origin, 'msg a\u001b[2Jb\nc', ...LOOPBACK]);
    expect(run.stdout).toBe('echo: msg a [2Jb\nc\n');
  });
});
