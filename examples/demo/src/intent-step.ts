import type { Sandbox } from '@agentweb/sandbox';
import type { AgentWeb, ConfirmationRequest } from 'agentweb';
import type { Printer } from './print.js';

/** What the intent step did. */
export interface IntentReport {
  /** The services loaded, by `service` name. */
  services: string[];
  /** The instruction routed. */
  instruction: string;
  /** The endpoint chosen, e.g. `BOOK /reservation`. */
  endpoint: string;
  /** The confirmations asked, and the scripted answer. */
  confirmations: { endpoint: string; input: Record<string, unknown>; approved: boolean }[];
  /** HTTP status of the call. */
  status: number;
  /** The service's answer. */
  data: unknown;
}

/**
 * Loads the sandbox's AGIS services from their well-known URIs, routes a plain-language instruction to an
 * endpoint, and invokes it. The endpoint is irreversible (it charges a deposit), so the client asks `confirm`
 * first; the demo answers yes from a script, printing the question as a user would see it.
 */
export async function intentStep(
  aw: AgentWeb,
  sandbox: Sandbox,
  instruction: string,
  print: Printer,
  signal?: AbortSignal,
): Promise<IntentReport> {
  const call = signal ? { signal } : {};
  const services: string[] = [];
  for (const svc of sandbox.agis) {
    const loaded = await aw.loadAgisService(svc.wellKnownUrl, call);
    services.push(loaded.service);
    const endpoints = loaded.document.endpoints.map((e) => `${e.method} ${e.path}`).join(', ');
    print.line(`loaded ${loaded.service} from ${svc.wellKnownUrl}`);
    print.line(`  endpoints: ${endpoints}`);
  }
  const match = await aw.intent(instruction, call);
  print.line(`intent: "${instruction}"`);
  for (const c of match.candidates.slice(0, 3)) {
    print.line(
      `  ${c.method} ${c.path} (${c.service})  score ${c.score.toFixed(2)}  confidence ${c.confidence.toFixed(2)}${c.needsConfirmation ? '  needs confirmation' : ''}`,
    );
  }
  const best = match.candidates[0];
  if (match.abstain || best === undefined) throw new Error(`no AGIS endpoint serves "${instruction}"`);
  print.line(`  params: ${JSON.stringify(best.params)}`);

  const confirmations: IntentReport['confirmations'] = [];
  const confirm = (request: ConfirmationRequest): boolean => {
    const endpoint = `${request.candidate.method} ${request.candidate.path}`;
    print.line(`confirm? ${endpoint} ${JSON.stringify(request.input)}`);
    print.line(`  because: ${request.reasons.join('; ') || 'the endpoint asks for it'}`);
    // A real agent shows this to the user and waits; the demo answers from its script.
    print.line('  user (scripted): yes');
    confirmations.push({ endpoint, input: request.input, approved: true });
    return true;
  };
  const result = await aw.invokeIntent(match, { confirm, ...call });
  print.line(`invoked ${best.method} ${best.path}: HTTP ${result.status}`);
  print.line(`  ${JSON.stringify(result.data)}`);
  return {
    services,
    instruction,
    endpoint: `${best.method} ${best.path}`,
    confirmations,
    status: result.status,
    data: result.data,
  };
}
