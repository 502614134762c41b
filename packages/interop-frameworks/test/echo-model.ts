import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';

type Prompt = ReadonlyArray<{ role: string; content: unknown }>;

/** The text of the last user message in a model prompt. */
function lastUserText(prompt: Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i -= 1) {
    const message = prompt[i];
    if (message?.role !== 'user' || !Array.isArray(message.content)) continue;
    return message.content
      .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
      .join('');
  }
  return '';
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** What the echo model answers to `text`: a test can tell the agent's answer from the user's own message. */
export const echoOf = (text: string): string => `echo: ${text}`;

/** A mock language model (AI SDK `MockLanguageModelV3`) that answers `echo: <the user's last text>`, no network. */
export function echoModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => ({
      content: [{ type: 'text', text: echoOf(lastUserText(prompt)) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async ({ prompt }) => {
      const chunks = [
        { type: 'text-start', id: '1' },
        { type: 'text-delta', id: '1', delta: echoOf(lastUserText(prompt)) },
        { type: 'text-end', id: '1' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ] as const;
      return { stream: simulateReadableStream({ chunks: [...chunks] }) };
    },
  });
}
