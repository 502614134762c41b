import { z } from 'zod';
import { AgisParseError } from '../document/errors.js';
import { checkSize } from '../document/limits.js';
import type { AgisDocument } from '../document/model.js';
import { formatAgisPath } from '../document/source.js';
import { checkMethodClass, checkMethodSyntax } from '../validate/method-rules.js';

/** Interaction patterns a service supports (draft §11.1). */
export const AGIS_INTERACTION_PROTOCOLS = ['request', 'negotiate', 'confirm', 'query'] as const;

export const AgisWellKnownSummarySchema = z.looseObject({
  agis: z.string().min(1),
  service: z.string().min(1),
  agtp: z.string().min(1),
  agis_document: z.string().min(1).describe('Where the full AGIS document is (MUST, §11.1 d).'),
  methods: z.array(z.string()),
  domain: z.string().optional(),
  namespace: z.string().optional(),
  negotiable: z.boolean().optional(),
  capability_summary: z.array(z.string()).optional(),
  data_classes: z.array(z.string()).optional(),
  pre_auth_discovery: z.boolean().optional(),
  version: z.string().optional(),
  interaction_protocols: z.array(z.string()).optional(),
  related_services: z.array(z.string()).optional(),
  mcp_tools_list: z.string().optional(),
});

/** The `/.well-known/agis.json` discovery summary. */
export type AgisWellKnownSummary = z.infer<typeof AgisWellKnownSummarySchema>;

/** Options of {@link toWellKnownSummary}. */
export interface ToWellKnownSummaryOptions {
  /** Location of the full document; default the document's `agtp` address. */
  agisDocument?: string;
  /** Interaction patterns; default `request`, plus `negotiate` when negotiable and `query` when read-only endpoints exist. */
  interactionProtocols?: string[];
  /** AGTP addresses of related services. */
  relatedServices?: string[];
  /** URL of the MCP tools/list endpoint. */
  mcpToolsList?: string;
}

/**
 * Builds the `/.well-known/agis.json` summary of a document (draft §11.1). It lists data class names
 * only: sensitivity and authorization details of the data manifest are never exposed (rule b).
 */
export function toWellKnownSummary(
  doc: AgisDocument,
  options: ToWellKnownSummaryOptions = {},
): AgisWellKnownSummary {
  const methods = [...new Set(doc.endpoints.map((e) => e.method.toUpperCase()))];
  const capabilities = [
    ...new Set(doc.endpoints.flatMap((e) => (e.semantic.capability ? [e.semantic.capability] : []))),
  ];
  const negotiable = doc.vocabulary.negotiable ?? false;
  const protocols = options.interactionProtocols ?? [
    'request',
    ...(negotiable ? ['negotiate'] : []),
    ...(doc.endpoints.some((e) => e.semantic.impact_tier === 'informational') ? ['query'] : []),
  ];
  const version = doc.vocabulary.version ?? doc.version;
  return {
    agis: doc.agis,
    service: doc.service,
    agtp: doc.agtp,
    agis_document: options.agisDocument ?? doc.agtp,
    methods,
    ...(doc.vocabulary.domain ? { domain: doc.vocabulary.domain } : {}),
    ...(doc.vocabulary.namespace ? { namespace: doc.vocabulary.namespace } : {}),
    negotiable,
    capability_summary: capabilities,
    ...(doc.data_manifest ? { data_classes: doc.data_manifest.available_data.map((d) => d.class) } : {}),
    ...(doc.data_manifest?.pre_auth_discovery !== undefined
      ? { pre_auth_discovery: doc.data_manifest.pre_auth_discovery }
      : {}),
    ...(version ? { version } : {}),
    interaction_protocols: protocols,
    ...(options.relatedServices ? { related_services: options.relatedServices } : {}),
    ...(options.mcpToolsList ? { mcp_tools_list: options.mcpToolsList } : {}),
  };
}

/** Options of {@link parseWellKnownSummary}. */
export interface ParseWellKnownSummaryOptions {
  /** Largest accepted body in bytes. Default 256 KiB. */
  maxBytes?: number;
}

/** A summary read by {@link parseWellKnownSummary}. */
export interface ParsedWellKnownSummary {
  /** The summary. */
  summary: AgisWellKnownSummary;
  /** Non-fatal problems: unknown interaction protocols, methods that break the AGIS grammar. */
  warnings: string[];
}

/**
 * Reads a `/.well-known/agis.json` body (text or parsed JSON). Throws {@link AgisParseError} when it is
 * not JSON, too large, or lacks the required fields (agis, service, agtp, agis_document, methods).
 */
export function parseWellKnownSummary(
  input: string | unknown,
  options: ParseWellKnownSummaryOptions = {},
): ParsedWellKnownSummary {
  let value: unknown = input;
  if (typeof input === 'string') {
    checkSize(input, options.maxBytes ?? 256 * 1024);
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new AgisParseError({
        reason: 'syntax',
        message: `agis.json is not JSON: ${(error as Error).message}`,
        cause: error,
      });
    }
  }
  const result = AgisWellKnownSummarySchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = formatAgisPath(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
    throw new AgisParseError({
      reason: 'schema',
      message: `Not an AGIS well-known summary: ${path || '(root)'}: ${issue.message}`,
      path,
      cause: result.error,
    });
  }
  const warnings: string[] = [];
  for (const p of result.data.interaction_protocols ?? []) {
    if (!(AGIS_INTERACTION_PROTOCOLS as readonly string[]).includes(p))
      warnings.push(`Unknown interaction protocol "${p}".`);
  }
  for (const m of result.data.methods) {
    const problems = [
      ...checkMethodSyntax(m).failures,
      ...(/^[A-Za-z]+$/.test(m) ? checkMethodClass(m).failures : []),
    ];
    if (problems.length > 0) warnings.push(`Method ${JSON.stringify(m)}: ${problems[0]!.message}`);
  }
  return { summary: result.data, warnings };
}
