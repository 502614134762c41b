import { type Sandbox, startSandbox } from '@agentweb/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFlags } from './cli-harness.js';
import { runInProcess } from './cli-in-process.js';

// The confirmation prompt needs a terminal on stdin, which a spawned bin cannot get; runCli with a stdin that
// says it is one exercises the same code.
let sb: Sandbox;
let flags: string[];

beforeAll(async () => {
  sb = await startSandbox({ merchants: 1, seed: 'cli-prompt' });
  flags = sandboxFlags(sb);
}, 60_000);

afterAll(async () => {
  await sb?.close();
});

const instruction = 'book a table at The Copper Pot for 2 people tomorrow at 7pm';
const input = JSON.stringify({ restaurant: 'copper-pot', party_size: 2, datetime: '2031-05-04T19:00:00Z' });

function invoke(options: Parameters<typeof runInProcess>[1]) {
  const service = sb.agis[0]!;
  return runInProcess(
    ['intent', instruction, '--service', service.baseUrl, '--invoke', '--input', input, ...flags],
    { stdinTTY: true, ...options },
  );
}

function calls(): number {
  return Object.values(sb.agis[0]!.stats.calls).reduce((a, b) => a + b, 0);
}

describe('intent --invoke on a terminal', () => {
  it('asks before an endpoint that needs confirmation; "n" sends nothing, exit 1', async () => {
    const before = calls();
    const run = await invoke({ input: 'n\n' });
    expect(run.stderr).toContain('BOOK /reservation on');
    expect(run.stderr).toContain('Proceed? [y/N]');
    expect(run.stderr).toMatch(/error: AGENTWEB_INTENT_NOT_CONFIRMED: /);
    expect(run.code).toBe(1);
    expect(calls()).toBe(before);
  });

  it('"y" confirms: the endpoint is called once, exit 0', async () => {
    const before = sb.agis[0]!.stats.calls['BOOK /reservation'] ?? 0;
    const run = await invoke({ input: 'y\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/confirmed:\s+yes/);
    expect(sb.agis[0]!.stats.calls['BOOK /reservation']).toBe(before + 1);
  });

  it('Ctrl-C typed at the prompt (raw mode: a key, not a signal) is a no: nothing sent, exit 1', async () => {
    const before = calls();
    const run = await invoke({
      keepOpen: true,
      onStdin: (stdin) => stdin.once('resume', () => setImmediate(() => stdin.write('\u0003'))),
    });
    expect(run.stderr).toMatch(/error: AGENTWEB_INTENT_NOT_CONFIRMED: /);
    expect(run.code).toBe(1);
    expect(calls()).toBe(before);
  });

  it('SIGINT while the prompt waits ends the command (exit 130) without sending anything', async () => {
    const before = calls();
    const controller = new AbortController();
    const run = await invoke({
      keepOpen: true,
      signal: controller.signal,
      // The bin's SIGINT handler aborts the signal runCli gets.
      onStdin: (stdin) =>
        stdin.once('resume', () => setImmediate(() => controller.abort(new Error('interrupted')))),
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('error: ABORTED: interrupted');
    expect(calls()).toBe(before);
  });

  it('an end of input at the prompt is a no, not a hang', async () => {
    const before = calls();
    const run = await invoke({ input: '' });
    expect(run.code).toBe(1);
    expect(calls()).toBe(before);
  });
});
