import {
  type AgisEndpoint,
  type AgisInvocationResult,
  invokeAgis,
  irreversibility,
  type MatchCandidate,
} from '@agentweb/agis';
import type { HttpClient } from '@agentweb/http';
import { isAgisService } from './agis-service-identity.js';
import type { EventEmitter } from './emit-event.js';
import {
  AgentWebInputError,
  IntentAbstainedError,
  IntentConfirmationError,
  IntentTargetError,
} from './errors.js';
import type { IntentMatch, InvokeIntentOptions, LoadedAgisService } from './types.js';

/** What invoking needs from the client. */
export interface InvokeDeps {
  http: HttpClient;
  services: readonly LoadedAgisService[];
  emit: EventEmitter;
}

// The matcher's reasons that explain a confirmation (see @agentweb/agis `needsConfirmation`).
const CONFIRMATION_REASON = /irreversib|terminal state|destructive|confidence_guidance|unsafe/i;

/**
 * Invokes the chosen candidate of a match over the AGIS HTTP binding. Nothing is sent when the matcher abstained,
 * the candidate cannot be found among the loaded services, no base URL is known, or an endpoint that needs
 * confirmation was not confirmed.
 */
export async function invokeIntentMatch(
  deps: InvokeDeps,
  match: IntentMatch,
  options: InvokeIntentOptions = {},
): Promise<AgisInvocationResult> {
  options.signal?.throwIfAborted();
  if (match === null || typeof match !== 'object' || !Array.isArray(match.candidates)) {
    throw new AgentWebInputError('match', 'expected the result of intent()');
  }
  if (match.abstain) throw new IntentAbstainedError(match.instruction);
  const index = options.candidate ?? 0;
  const candidate = Number.isInteger(index) ? match.candidates[index] : undefined;
  if (candidate === undefined) {
    throw new IntentTargetError(
      'no-candidate',
      `candidate ${index} does not exist (the match has ${match.candidates.length} candidates)`,
    );
  }
  const { service, endpoint } = findEndpoint(deps.services, candidate);
  if (service.baseUrl === undefined) {
    throw new IntentTargetError(
      'no-base-url',
      `no base URL is known for "${service.service}"; load it from a URL or pass baseUrl to loadAgisService`,
    );
  }
  const input: Record<string, unknown> = { ...candidate.params, ...options.input };
  const method = endpoint.method.toUpperCase();
  // The match may have been rebuilt from a tool call or a stored plan, so its flag is not trusted alone: the
  // endpoint's own irreversibility always asks too.
  const endpointReason = irreversibility(endpoint);
  if (candidate.needsConfirmation || endpointReason !== undefined) {
    await confirmOrThrow(deps, candidate, endpointReason, input, method, endpoint.path, options);
  }
  const result = await invokeAgis(endpoint, input, {
    baseUrl: service.baseUrl,
    http: deps.http,
    ...(service.document.vocabulary.namespace ? { namespace: service.document.vocabulary.namespace } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  deps.emit({ type: 'intent:invoked', method, path: endpoint.path, status: result.status });
  return result;
}

async function confirmOrThrow(
  deps: InvokeDeps,
  candidate: MatchCandidate,
  endpointReason: string | undefined,
  input: Record<string, unknown>,
  method: string,
  path: string,
  options: InvokeIntentOptions,
): Promise<void> {
  if (options.confirm === undefined) throw new IntentConfirmationError(method, path, 'missing');
  const matched = candidate.reasons.filter((reason) => CONFIRMATION_REASON.test(reason));
  const why = matched.length > 0 || endpointReason === undefined ? matched : [endpointReason];
  const approved =
    (await options.confirm({
      candidate,
      input: { ...input },
      reasons: why.length > 0 ? why : candidate.reasons,
    })) === true;
  deps.emit({ type: 'intent:confirm', method, path, approved });
  if (!approved) throw new IntentConfirmationError(method, path, 'declined');
  // The user may take long to answer; a call aborted meanwhile must not go out.
  options.signal?.throwIfAborted();
}

function findEndpoint(
  services: readonly LoadedAgisService[],
  candidate: MatchCandidate,
): { service: LoadedAgisService; endpoint: AgisEndpoint } {
  for (const service of services) {
    if (!isAgisService(service, candidate.service, candidate.namespace)) continue;
    const endpoint = service.document.endpoints.find(
      (e) => e.method.toUpperCase() === candidate.method.toUpperCase() && e.path === candidate.path,
    );
    if (endpoint !== undefined) return { service, endpoint };
  }
  throw new IntentTargetError(
    'service-not-loaded',
    `${candidate.method} ${candidate.path} of "${candidate.service}" is not among the loaded AGIS services`,
  );
}
