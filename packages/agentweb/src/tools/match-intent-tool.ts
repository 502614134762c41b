import type { MatchCandidate } from '@agentweb/agis';
import { z } from 'zod';
import type { AgentWebClient } from '../client/types.js';
import { defineTool, type ToolSettings } from './define-tool.js';
import { type IntentMatchStore, MAX_MATCH_RECORD_CHARS } from './intent-match-store.js';
import { toJsonValue } from './json-value.js';
import { errorResult, okResult, TOOL_ERROR_CODES } from './tool-result.js';
import type { JsonValue } from './tool-types.js';

const MAX_CANDIDATES = 5;
const DEFAULT_CANDIDATES = 3;
const MAX_REASONS = 4;

/** Input of `match_intent`. */
export const matchIntentInput = z.strictObject({
  instruction: z
    .string()
    .describe('What the user wants done, in their words, e.g. "book a table for two tomorrow at 7pm".'),
  maxCandidates: z
    .number()
    .int()
    .min(1)
    .max(MAX_CANDIDATES)
    .nullable()
    .describe('How many candidate endpoints to return, best first; null for 3.'),
});

/** A candidate as the model sees it (its index is what `invoke_intent` takes). */
export function describeCandidate(candidate: MatchCandidate, index: number): JsonValue {
  return {
    candidate: index,
    service: candidate.service,
    method: candidate.method,
    path: candidate.path,
    confidence: Math.round(candidate.confidence * 1000) / 1000,
    needsConfirmation: candidate.needsConfirmation,
    params: toJsonValue(candidate.params),
    reasons: candidate.reasons.slice(0, MAX_REASONS),
  };
}

/** Error result for a client without AGIS services, worded for the model (it has no tool to load one). */
export function noServicesResult() {
  return errorResult(
    'AGENTWEB_NO_AGIS_SERVICES',
    'no AGIS service is loaded, so no intent can be routed; the application has to load services first (no tool does that)',
  );
}

/** Error result for a match too large to keep (a hostile service's names and reasons, or a huge instruction). */
export function matchTooLargeResult() {
  return errorResult(
    TOOL_ERROR_CODES.invalidInput,
    `the match is over ${MAX_MATCH_RECORD_CHARS} characters and cannot be kept; shorten the instruction`,
  );
}

/** `match_intent`: which loaded AGIS endpoint would serve an instruction, without calling it. */
export function createMatchIntentTool(
  client: AgentWebClient,
  store: IntentMatchStore,
  settings: ToolSettings,
) {
  return defineTool(
    {
      name: 'match_intent',
      title: 'Match intent',
      description:
        'Finds which action of the loaded AGIS services (bookings, reservations, account actions, ...) serves what the user wants, and the parameters read from the instruction. Nothing is executed. Returns a matchId and ranked candidates with confidence, extracted params and needsConfirmation; abstain is true when no service fits. Use it to check or explain what would be done, then invoke_intent with the matchId to do it.',
      inputSchema: matchIntentInput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true, destructiveHint: false },
      async run(input, { signal }) {
        const instruction = input.instruction.trim();
        if (instruction.length === 0) {
          return errorResult(TOOL_ERROR_CODES.invalidInput, 'instruction must not be empty');
        }
        const services = client.agisServices();
        if (services.length === 0) return noServicesResult();
        const match = await client.intent(instruction, {
          topK: input.maxCandidates ?? DEFAULT_CANDIDATES,
          ...(signal ? { signal } : {}),
        });
        const kept = await store.put(match, services);
        if (kept === undefined) return matchTooLargeResult();
        return okResult({
          matchId: kept.id,
          abstain: match.abstain,
          candidates: match.candidates.map(describeCandidate),
        });
      },
    },
    settings,
  );
}
