import type { MatchCandidate } from '@agentweb/agis';
import { z } from 'zod';
import type { AgentWebClient, ConfirmationRequest, InvokeIntentOptions } from '../client/types.js';
import { actionKey } from './action-key.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { type IntentMatchStore, isStaleService, type StoredMatch } from './intent-match-store.js';
import { toJsonValue } from './json-value.js';
import { describeCandidate, matchTooLargeResult, noServicesResult } from './match-intent-tool.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';
import type { AgentWebToolResult, ConfirmCallback } from './tool-types.js';

const MAX_CANDIDATE_INDEX = 9;

/** Input of `invoke_intent`. */
export const invokeIntentInput = z.strictObject({
  instruction: z
    .string()
    .nullable()
    .describe(
      'What the user wants done, when there is no matchId; it is matched first. null when matchId is given.',
    ),
  matchId: z
    .string()
    .nullable()
    .describe('The matchId returned by match_intent (or by an earlier invoke_intent).'),
  candidate: z
    .number()
    .int()
    .min(0)
    .max(MAX_CANDIDATE_INDEX)
    .nullable()
    .describe('Index of the candidate to invoke; null for the best (0).'),
  inputJson: z
    .string()
    .nullable()
    .describe(
      'A JSON object of input fields to add or correct over the parameters read from the instruction, e.g. "{\\"party_size\\": 2}"; null for none.',
    ),
  confirmed: z
    .boolean()
    .nullable()
    .describe(
      'true only after the user explicitly agreed to this exact action in the conversation. Actions that need confirmation are refused without it.',
    ),
});

type InvokeIntentArgs = z.output<typeof invokeIntentInput>;

type Parsed<T> = { value: T } | { failure: AgentWebToolResult };

function parseExtraInput(text: string | null): Parsed<Record<string, unknown>> {
  if (text === null || text.trim().length === 0) return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      failure: errorResult(
        TOOL_ERROR_CODES.invalidInput,
        'inputJson is not valid JSON; pass a JSON object or null',
      ),
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      failure: errorResult(
        TOOL_ERROR_CODES.invalidInput,
        'inputJson must be a JSON object, e.g. {"party_size": 2}',
      ),
    };
  }
  if (actionKey(value) === undefined) {
    return {
      failure: errorResult(
        TOOL_ERROR_CODES.invalidInput,
        'inputJson holds a value JSON cannot carry (a number such as 1e999) or is nested too deeply',
      ),
    };
  }
  return { value: value as Record<string, unknown> };
}

async function resolveMatch(
  client: AgentWebClient,
  store: IntentMatchStore,
  args: InvokeIntentArgs,
  signal: AbortSignal | undefined,
): Promise<Parsed<{ id: string; stored: StoredMatch }>> {
  const matchId = args.matchId?.trim();
  if (matchId) {
    const stored = await store.get(matchId);
    if (stored === undefined) {
      return {
        failure: errorResult(
          TOOL_ERROR_CODES.invalidInput,
          `matchId "${matchId}" is unknown or expired; call match_intent again, or pass the instruction`,
        ),
      };
    }
    return { value: { id: matchId, stored } };
  }
  const instruction = args.instruction?.trim();
  if (!instruction)
    return { failure: errorResult(TOOL_ERROR_CODES.invalidInput, 'pass matchId or instruction') };
  const services = client.agisServices();
  if (services.length === 0) return { failure: noServicesResult() };
  const match = await client.intent(instruction, signal ? { signal } : {});
  const kept = await store.put(match, services);
  return kept === undefined ? { failure: matchTooLargeResult() } : { value: kept };
}

/**
 * The candidate's service was replaced (loaded again with another document) since the match was made. The client
 * resolves a candidate by service name and path among the services loaded now, so the stale candidate's
 * `needsConfirmation` could describe an endpoint that no longer exists in that form: refused, so the model matches
 * again. Compared by document digest, so a match made on another instance that loaded the same document holds.
 */
function staleCandidate(
  client: AgentWebClient,
  stored: StoredMatch,
  candidate: MatchCandidate | undefined,
): boolean {
  return isStaleService(stored, client.agisServices(), candidate);
}

function confirmationRequired(
  matchId: string,
  index: number,
  request: ConfirmationRequest,
): AgentWebToolResult {
  const { candidate } = request;
  const why = request.reasons.length > 0 ? ` (${request.reasons.join('; ')})` : '';
  return errorResult(
    TOOL_ERROR_CODES.confirmationRequired,
    `${candidate.method} ${candidate.path} of "${candidate.service}" needs the user's confirmation${why}. Nothing was sent. Tell the user exactly what will be done with which input, and only if they agree call invoke_intent again with matchId "${matchId}", candidate ${index} and confirmed: true.`,
    {
      matchId,
      candidate: describeCandidate(candidate, index),
      input: toJsonValue(request.input),
      reasons: [...request.reasons],
    },
  );
}

/**
 * `invoke_intent`: calls the AGIS endpoint a match chose. Endpoints that need confirmation go through the host's
 * `confirm` when there is one; otherwise they run only with `confirmed: true`, and the first call returns a
 * `CONFIRMATION_REQUIRED` result describing the action so the model can ask the user.
 */
export function createInvokeIntentTool(
  client: AgentWebClient,
  store: IntentMatchStore,
  settings: ToolSettings & { confirm: ConfirmCallback | undefined },
) {
  return defineTool(
    {
      name: 'invoke_intent',
      title: 'Invoke intent',
      description:
        'Carries out an action of a loaded AGIS service (book, reserve, cancel, ...): pass the matchId from match_intent (or the instruction itself) and optionally the candidate index and inputJson with missing fields. Irreversible or uncertain actions return CONFIRMATION_REQUIRED with what would be done: explain it to the user and call again with confirmed: true only after the user explicitly agrees. Never set confirmed: true on your own.',
      inputSchema: invokeIntentInput,
      annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: false, destructiveHint: true },
      async run(input, { signal }) {
        const extra = parseExtraInput(input.inputJson);
        if ('failure' in extra) return extra.failure;
        const found = await resolveMatch(client, store, input, signal);
        if ('failure' in found) return found.failure;
        const { id: matchId, stored } = found.value;
        const index = input.candidate ?? 0;
        if (staleCandidate(client, stored, stored.match.candidates[index])) {
          return errorResult(
            TOOL_ERROR_CODES.invalidInput,
            `matchId "${matchId}" was made before its AGIS service was reloaded; call match_intent again`,
          );
        }
        let pending: ConfirmationRequest | undefined;
        const confirm: ConfirmCallback =
          settings.confirm ??
          (async (request) => {
            // `confirmed: true` approves only the exact action an earlier CONFIRMATION_REQUIRED showed (same match,
            // candidate and input): a model cannot confirm one input and send another. The approval is used up
            // here, when it is given, atomically in the store: a call that then fails (perhaps after the service
            // acted) or a second call racing this one, on this instance or another, must ask the user again.
            const action = actionKey(request.input);
            if (
              action !== undefined &&
              input.confirmed === true &&
              (await store.consume(matchId, index, action))
            )
              return true;
            if (action !== undefined) await store.propose(matchId, index, action);
            pending = request;
            return false;
          });
        const options: InvokeIntentOptions = {
          confirm,
          candidate: index,
          input: extra.value,
          ...(signal ? { signal } : {}),
        };
        try {
          const result = await client.invokeIntent(stored.match, options);
          const chosen = stored.match.candidates[index];
          return okResult({
            matchId,
            invoked: chosen ? { service: chosen.service, method: chosen.method, path: chosen.path } : null,
            status: result.status,
            data: toJsonValue(result.data),
          });
        } catch (error) {
          // Our own confirm said no because the model did not pass confirmed: true: that is a question for the
          // user, not a failure, so the result says what to ask.
          if (pending !== undefined && !signal?.aborted) return confirmationRequired(matchId, index, pending);
          throw error;
        }
      },
    },
    settings,
  );
}
