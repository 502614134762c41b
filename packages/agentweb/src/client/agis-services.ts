import type { AgisDocument, AgisInvocationResult, IntentMatcher } from '@agentweb/agis';
import type { HttpClient } from '@agentweb/http';
import { isAgisService } from './agis-service-identity.js';
import type { EventEmitter } from './emit-event.js';
import { AgentWebInputError, NoAgisServicesError } from './errors.js';
import type {
  AgentWebOptions,
  IntentMatch,
  IntentOptions,
  InvokeIntentOptions,
  LoadAgisServiceOptions,
  LoadedAgisService,
} from './types.js';

/** What the AGIS half of a client needs from it. */
export interface AgisServicesDeps {
  http: HttpClient;
  options: AgentWebOptions;
  emit: EventEmitter;
  /** Throws `ClientClosedError` naming `method` once the client is closing. */
  assertOpen(method: string): void;
}

/**
 * The AGIS services a client has loaded, its intent matcher over them, and invocation. AGIS itself (parser,
 * matcher, lexicon) loads on first use: a search-only user never pays for it, and an AGIS-only user does not load
 * the merchant side.
 */
export class AgisServices {
  readonly #deps: AgisServicesDeps;
  #services: LoadedAgisService[] = [];
  #matcher: IntentMatcher | undefined;

  constructor(deps: AgisServicesDeps) {
    this.#deps = deps;
  }

  list(): readonly LoadedAgisService[] {
    return [...this.#services];
  }

  async load(source: string | AgisDocument, options: LoadAgisServiceOptions): Promise<LoadedAgisService> {
    options.signal?.throwIfAborted();
    const { http, options: clientOptions, emit } = this.#deps;
    const { loadAgis } = await import('./load-agis.js');
    const loaded = await loadAgis(
      {
        http,
        embedder: clientOptions.embedder,
        defaultScheme: clientOptions.discovery?.defaultScheme ?? 'https',
      },
      source,
      options,
    );
    this.#deps.assertOpen('loadAgisService');
    const namespace = loaded.document.vocabulary.namespace;
    // Loading a service again replaces it, so a refreshed document wins.
    this.#services = [...this.#services.filter((s) => !isAgisService(s, loaded.service, namespace)), loaded];
    this.#matcher = undefined;
    emit({
      type: 'agis:loaded',
      service: loaded.service,
      endpoints: loaded.document.endpoints.length,
      conforms: loaded.validation.conforms,
    });
    return loaded;
  }

  async intent(instruction: string, options: IntentOptions): Promise<IntentMatch> {
    if (typeof instruction !== 'string' || instruction.trim() === '') {
      throw new AgentWebInputError('instruction', 'expected a non-empty instruction');
    }
    options.signal?.throwIfAborted();
    if (this.#services.length === 0) throw new NoAgisServicesError();
    const { options: clientOptions } = this.#deps;
    const { createIntentMatcher } = await import('@agentweb/agis');
    this.#matcher ??= createIntentMatcher({
      services: this.#services.map((s) => s.document),
      ...(clientOptions.embedder ? { embedder: clientOptions.embedder } : {}),
      ...(clientOptions.now ? { now: clientOptions.now } : {}),
      ...(clientOptions.locale === undefined ? {} : { locale: clientOptions.locale }),
    });
    const result = await this.#matcher.match(instruction, {
      ...(options.topK === undefined ? {} : { topK: options.topK }),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const top = result.candidates[0];
    this.#deps.emit({
      type: 'intent:matched',
      instruction,
      abstain: result.abstain,
      ...(top ? { top: `${top.method} ${top.path}` } : {}),
    });
    return { instruction, candidates: result.candidates, abstain: result.abstain };
  }

  async invoke(match: IntentMatch, options: InvokeIntentOptions): Promise<AgisInvocationResult> {
    const { invokeIntentMatch } = await import('./invoke-intent.js');
    return invokeIntentMatch(
      { http: this.#deps.http, services: this.#services, emit: this.#deps.emit },
      match,
      options,
    );
  }
}
