import type { AgentReply, AgentSendOptions, AgentUpdate } from '../../client/agent-types.js';
import { CliUsageError } from '../cli-errors.js';
import { toJsonLine, writeJson, writeLine } from '../cli-io.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, requirePositionals } from '../flag-values.js';

/** States in which the agent waits for the user: the turn worked, and the agent asked something. */
const WAITING = new Set(['input-required', 'auth-required']);
/** States in which the agent's task did not do what was asked. */
const UNSUCCESSFUL = new Set(['failed', 'rejected', 'canceled']);

/**
 * The agent's text made safe for a terminal: control characters that could move the cursor or rewrite earlier
 * lines become spaces; line breaks and tabs stay, since an answer is prose.
 */
function printableReply(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]+/g, ' ');
}

function exitFor(state: string): number {
  return UNSUCCESSFUL.has(state) ? EXIT.failed : EXIT.ok;
}

/** A line on stderr when the turn did not simply complete, saying what the state means. */
function stateNote(state: string, target: string): string | undefined {
  if (state === 'completed') return undefined;
  if (WAITING.has(state)) {
    return `[${state}] the agent is waiting for your answer: agentweb ask ${target} "<answer>" (keep --context-file or --redis so the conversation continues)`;
  }
  return `[${state}]`;
}

function replyJson(reply: AgentReply): unknown {
  return {
    text: reply.text,
    state: reply.state,
    taskId: reply.taskId ?? null,
    contextId: reply.contextId ?? null,
    artifacts: reply.artifacts,
    provenance: reply.provenance,
    warnings: reply.warnings,
    result: reply.result,
  };
}

function updateJson(update: AgentUpdate): string {
  return toJsonLine({
    delta: update.delta,
    text: update.text,
    state: update.state,
    final: update.final,
    taskId: update.taskId ?? null,
    contextId: update.contextId ?? null,
    event: update.event,
  });
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'ask any A2A agent something by its domain or card URL; follow-ups continue the conversation',
  usage: [
    'agentweb ask <domain|url|card-url> <text> [--stream] [--new]',
    '',
    "Discovers the agent (as discover does), sends the text and prints the agent's answer, wherever the agent",
    'put it (artifacts, status message, its messages). With --context-file or --redis the conversation',
    'continues across runs: a follow-up, or the answer to a question the agent asked, goes to the same context.',
    'A turn that did not simply complete says its state on stderr ([input-required], [failed], ...).',
    '',
    '  --stream               print the answer as it arrives (with --json: one JSON line per update)',
    '  --new                  start a new conversation with this agent',
    '',
    'Exit: 0 answered (also when the agent asks a question back), 1 the agent failed, rejected or canceled the',
    'task, or nothing was found, 2 usage, 3 network failure or an error answer.',
  ].join('\n'),
  examples: [
    'ask agent.example "What can you do?"',
    'ask https://agent.example/.well-known/agent-card.json "Summarise today\'s news" --stream',
    'ask agent.example "Book a table for two" --context-file contexts.json --json',
  ],
  options: { stream: { type: 'boolean' }, new: { type: 'boolean' } },
  clientFlags: true,
  async run(ctx) {
    const [target, text] = requirePositionals(ctx.positionals, ['agent', 'text'], 'ask') as [string, string];
    if (target.trim() === '') throw new CliUsageError('<agent> is empty: give a domain or card URL', 'ask');
    if (text.trim() === '') throw new CliUsageError('<text> is empty: say what to ask the agent', 'ask');
    const client = ctx.client();
    if (typeof client.agent !== 'function') throw new CliUsageError('this client cannot call agents', 'ask');
    const agent = await client.agent(target, { signal: ctx.signal });
    const send: AgentSendOptions = {
      signal: ctx.signal,
      ...(booleanFlag(ctx.values, 'new') ? { newContext: true } : {}),
    };
    const { stdout, stderr } = ctx.io;
    try {
      if (!booleanFlag(ctx.values, 'stream')) {
        const reply = await agent.send(text, send);
        if (ctx.json) writeJson(stdout, replyJson(reply));
        else {
          if (reply.text !== '') writeLine(stdout, printableReply(reply.text));
          const note = stateNote(reply.state, target);
          if (note !== undefined) writeLine(stderr, note);
        }
        return exitFor(reply.state);
      }
      let state = 'submitted';
      let printed = '';
      for await (const update of agent.stream(text, send)) {
        state = update.state;
        if (ctx.json) {
          writeLine(stdout, updateJson(update));
          continue;
        }
        if (update.delta === '') continue;
        // A delta that replaces the text (a server that resends everything differently) starts a new line.
        if (!update.text.startsWith(printed) && printed !== '') stdout.write('\n');
        stdout.write(printableReply(update.delta));
        printed = update.text;
      }
      if (!ctx.json) {
        if (printed !== '') stdout.write('\n');
        const note = stateNote(state, target);
        if (note !== undefined) writeLine(stderr, note);
      }
      return exitFor(state);
    } finally {
      await agent.close();
    }
  },
};
