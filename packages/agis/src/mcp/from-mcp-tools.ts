import type { AgisDocument, AgisEndpoint } from '../document/model.js';
import { isBaseFormVerb, lemmatizeVerb } from '../lexicon/index.js';
import { checkMethodClass } from '../validate/method-rules.js';

/** The parts of an MCP tool that the reverse mapping reads. */
export interface McpToolLike {
  /** Tool name, e.g. `book_reservation`. */
  name: string;
  /** Tool description. */
  description?: string;
  /** JSON Schema of the arguments. */
  inputSchema?: Record<string, unknown>;
  /** MCP annotations (readOnlyHint, destructiveHint, idempotentHint). */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
}

/** Options of {@link fromMcpTools}. */
export interface FromMcpToolsOptions {
  /** The `service` name of the draft document. */
  service: string;
  /** The AGTP address. */
  agtp: string;
  /** `vocabulary.domain`. */
  domain?: string;
  /** `description` of the service. */
  description?: string;
}

/** A draft AGIS document generated from MCP tools, with the points a human must review. */
export interface FromMcpToolsResult {
  /** The generated document; validate it before publishing. */
  document: AgisDocument;
  /** One entry per guess the mapping made (rewritten verbs, generated outcomes, classifications). */
  warnings: string[];
}

// Draft Appendix C reverse rule (a): HTTP/CRUD verbs are rewritten to intent verbs.
const REWRITES: Record<string, string> = {
  get: 'RETRIEVE',
  post: 'SUBMIT',
  put: 'REPLACE',
  patch: 'UPDATE',
  delete: 'REMOVE',
  head: 'CHECK',
  options: 'DESCRIBE',
};

const CAPABILITY_BY_VERB: Array<[RegExp, NonNullable<AgisEndpoint['semantic']['capability']>]> = [
  [/^(find|search|locate|discover|browse|list|lookup)$/, 'discovery'],
  [/^(retrieve|fetch|read|view|download|track|check|describe|show)$/, 'retrieval'],
  [
    /^(analyze|analyse|summarize|calculate|estimate|recommend|compare|reconcile|evaluate|classify|extract)$/,
    'analysis',
  ],
  [/^(notify|send|message|email|alert|remind|text|broadcast)$/, 'notification'],
  [/^(update|modify|change|edit|reschedule|replace|rename|move|adjust|set)$/, 'modification'],
];

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The reverse mapping of draft Appendix C: tool name -> method (first word, uppercased, rewritten when it
 * is an HTTP verb or an inflection) and path (remaining words), description -> intent, inputSchema ->
 * input, annotations -> impact tier. The result needs review (pass 6 in particular) before publication.
 */
export function fromMcpTools(
  tools: readonly McpToolLike[],
  options: FromMcpToolsOptions,
): FromMcpToolsResult {
  const warnings: string[] = [];
  const endpoints: AgisEndpoint[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    const w = words(tool.name);
    const t = JSON.stringify(tool.name);
    let method = (w[0] ?? 'perform').toUpperCase();
    const rewrite = REWRITES[w[0] ?? ''];
    if (rewrite && rewrite !== method) {
      warnings.push(`${t}: ${method} is not an AGIS action-intent verb; rewritten as ${rewrite}.`);
      method = rewrite;
    } else if (!isBaseFormVerb(method)) {
      const lemma = lemmatizeVerb(method);
      if (lemma) {
        warnings.push(`${t}: ${method} is inflected; rewritten as ${lemma.toUpperCase()}.`);
        method = lemma.toUpperCase();
      } else {
        warnings.push(`${t}: ${method} is not a known verb; choose an action verb for this tool.`);
      }
    }
    if (checkMethodClass(method).failures.length > 0) {
      warnings.push(`${t}: ${method} is not in the action-intent class; choose another verb.`);
    }
    const nouns = w.slice(1);
    if (nouns.length === 0)
      warnings.push(`${t}: the name has no noun; the path /resource is a placeholder to rename.`);
    const path = `/${nouns.join('-') || 'resource'}`;
    const key = `${method} ${path}`;
    if (seen.has(key)) warnings.push(`${t}: ${key} duplicates another tool; rename one of them.`);
    seen.add(key);
    const sentences = (tool.description ?? '').split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
    const intent = sentences[0]?.trim() || `${method} ${nouns.join(' ') || 'resource'}.`;
    if (!sentences[0]) warnings.push(`${t}: no description; the intent was generated from the name.`);
    const outcome =
      sentences[1]?.trim() ||
      `The ${nouns.join(' ') || 'resource'} ${method.toLowerCase()} operation has completed.`;
    warnings.push(`${t}: review the outcome ("${outcome}"); it must state a verifiable post-condition.`);
    const lemma = method.toLowerCase();
    const capability = CAPABILITY_BY_VERB.find(([re]) => re.test(lemma))?.[1] ?? 'transaction';
    warnings.push(`${t}: capability classified as ${capability}; confirm it.`);
    const a = tool.annotations ?? {};
    const impact = a.readOnlyHint ? 'informational' : a.destructiveHint ? 'irreversible' : 'reversible';
    const input: Record<string, unknown> = tool.inputSchema
      ? { ...tool.inputSchema }
      : { type: 'object', properties: {} };
    if (!Array.isArray(input['required'])) input['required'] = [];
    endpoints.push({
      method,
      path,
      semantic: {
        intent,
        actor: 'agent',
        outcome,
        capability,
        impact_tier: impact,
        ...(a.idempotentHint !== undefined ? { is_idempotent: a.idempotentHint } : {}),
        ...(impact === 'irreversible' ? { confidence_guidance: 0.85 } : {}),
        mcp_tool_name: tool.name.toLowerCase().replace(/[^a-z0-9_]+/g, '_'),
      },
      input,
      output: { type: 'object' },
      errors: [],
    });
    warnings.push(`${t}: output schema and named errors are unknown from MCP; add them.`);
  }
  const document: AgisDocument = {
    agis: '1.0',
    service: options.service,
    agtp: options.agtp,
    ...(options.description ? { description: options.description } : {}),
    endpoints,
    vocabulary: {
      declared_verbs: [...new Set(endpoints.map((e) => e.method))],
      ...(options.domain ? { domain: options.domain } : {}),
    },
  };
  return { document, warnings };
}
