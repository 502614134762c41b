import type { AgentWebTool, AgentWebToolResult } from 'agentweb';
import { ApiError } from './http-errors.js';
import { readJsonBody } from './read-json-body.js';
import type { RouteContext, RouteResult } from './routes.js';

// The tool error codes a caller can act on, by the status they answer with.
const STATUS_BY_TOOL_CODE: Readonly<Record<string, number>> = {
  INVALID_INPUT: 400,
  AGENTWEB_NO_AGIS_SERVICES: 404,
  // The action needs the user's yes: show `details`, then send the same request with "confirmed": true.
  CONFIRMATION_REQUIRED: 409,
  AGENTWEB_INTENT_NOT_CONFIRMED: 409,
  // Redis (or whatever holds the shared state) did not answer in time: nothing was done.
  STATE_STORE_UNAVAILABLE: 503,
};

function toolResponse(result: AgentWebToolResult): RouteResult {
  if (result.ok) return { status: 200, body: result.data };
  return { status: STATUS_BY_TOOL_CODE[result.error.code] ?? 502, body: { error: result.error } };
}

function tool(ctx: RouteContext, name: 'match_intent' | 'invoke_intent'): AgentWebTool {
  const found = ctx.tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new ApiError(500, 'INTERNAL', `${name} is not set up`);
  return found;
}

function optionalString(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ApiError(400, 'INVALID_BODY', `"${name}" must be a string`);
  return value;
}

/**
 * `POST /intent/match` with `{ instruction, maxCandidates? }`: which AGIS endpoint would serve the instruction,
 * and a `matchId` for `/intent/invoke`. Nothing is executed.
 */
export async function matchIntent(ctx: RouteContext): Promise<RouteResult> {
  const body = await readJsonBody(ctx.req, ctx.maxBodyBytes);
  const instruction = optionalString(body, 'instruction');
  if (instruction === null) throw new ApiError(400, 'INVALID_BODY', '"instruction" is required');
  const maxCandidates = body['maxCandidates'];
  if (maxCandidates !== undefined && (!Number.isInteger(maxCandidates) || (maxCandidates as number) < 1))
    throw new ApiError(400, 'INVALID_BODY', '"maxCandidates" must be a positive whole number');
  const result = await tool(ctx, 'match_intent').execute(
    { instruction, maxCandidates: (maxCandidates as number | undefined) ?? null },
    { signal: ctx.signal },
  );
  return toolResponse(result);
}

/**
 * `POST /intent/invoke` with `{ matchId, candidate?, input?, confirmed? }`: runs the matched endpoint. One that
 * needs the user's confirmation answers 409 `CONFIRMATION_REQUIRED` with what would be done; the same request with
 * `"confirmed": true` then runs it, once, on whichever instance it reaches (the approval lives in the shared state).
 */
export async function invokeIntent(ctx: RouteContext): Promise<RouteResult> {
  const body = await readJsonBody(ctx.req, ctx.maxBodyBytes);
  const matchId = optionalString(body, 'matchId');
  if (matchId === null) throw new ApiError(400, 'INVALID_BODY', '"matchId" is required (from /intent/match)');
  const candidate = body['candidate'];
  if (candidate !== undefined && (!Number.isInteger(candidate) || (candidate as number) < 0))
    throw new ApiError(400, 'INVALID_BODY', '"candidate" must be a whole number from 0');
  const input = body['input'];
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    throw new ApiError(400, 'INVALID_BODY', '"input" must be a JSON object');
  const confirmed = body['confirmed'];
  if (confirmed !== undefined && typeof confirmed !== 'boolean')
    throw new ApiError(400, 'INVALID_BODY', '"confirmed" must be true or false');
  const result = await tool(ctx, 'invoke_intent').execute(
    {
      instruction: null,
      matchId,
      candidate: (candidate as number | undefined) ?? null,
      inputJson: input === undefined ? null : JSON.stringify(input),
      confirmed: (confirmed as boolean | undefined) ?? null,
    },
    { signal: ctx.signal },
  );
  return toolResponse(result);
}
