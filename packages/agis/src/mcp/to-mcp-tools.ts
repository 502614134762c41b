import type { AgisDocument, AgisEndpoint } from '../document/model.js';

/** An MCP `tools/list` entry generated from an AGIS endpoint (draft Appendix C). */
export interface McpTool {
  /** Tool name: `mcp_tool_name`, else `method_firstsegment` in lowercase. */
  name: string;
  /** The intent, with parameter hints appended when declared. */
  description: string;
  /** The endpoint's input JSON Schema (always `type: object`). */
  inputSchema: Record<string, unknown>;
  /** MCP tool annotations derived from the semantic block. */
  annotations?: {
    /** `METHOD /path`. */
    title?: string;
    /** True for `impact_tier: informational`. */
    readOnlyHint?: boolean;
    /** True for `impact_tier: irreversible`. */
    destructiveHint?: boolean;
    /** The endpoint's `is_idempotent`. */
    idempotentHint?: boolean;
  };
}

/** Options of {@link toMcpTools}. */
export interface ToMcpToolsOptions {
  /** Append `parameter_hints` to descriptions (draft rule b). Default true. */
  includeHints?: boolean;
}

/** MCP tool names allow letters, digits, `_`, `-` and `.`; AGIS asks for lowercase with underscores. */
function sanitize(name: string): string {
  const clean = name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return (clean || 'tool').slice(0, 64);
}

function literalSegments(path: string): string[] {
  return path.split('/').filter((s) => s !== '' && !s.startsWith('{'));
}

/** The tool name Appendix C rule (a) gives an endpoint, before de-duplication. */
export function mcpToolName(endpoint: Pick<AgisEndpoint, 'method' | 'path' | 'semantic'>): string {
  const override = endpoint.semantic.mcp_tool_name;
  if (override) return sanitize(override);
  const first = literalSegments(endpoint.path)[0];
  return sanitize(first ? `${endpoint.method}_${first}` : endpoint.method);
}

function describe(endpoint: AgisEndpoint, includeHints: boolean): string {
  const intent = endpoint.semantic.intent.trim();
  const hints = endpoint.semantic.parameter_hints;
  if (!includeHints || !hints || Object.keys(hints).length === 0) return intent;
  const parts = Object.entries(hints).map(
    ([param, phrases]) => `${param} = [${phrases.map((p) => `'${p.replaceAll("'", "\\'")}'`).join(', ')}]`,
  );
  return `${intent}\nHints: ${parts.join('; ')}`;
}

/**
 * Generates the MCP tools catalog of an AGIS document (draft Appendix C): name from `mcp_tool_name` or
 * `method_firstsegment`, description from the intent plus parameter hints, `inputSchema` from `input`;
 * output, errors, confidence and state transitions are omitted. Names that would collide get the next
 * path segments, then a numeric suffix, so the catalog's names are unique.
 */
export function toMcpTools(doc: AgisDocument, options: ToMcpToolsOptions = {}): McpTool[] {
  const used = new Set<string>();
  return doc.endpoints.map((endpoint) => {
    let name = mcpToolName(endpoint);
    if (used.has(name)) {
      const extra = literalSegments(endpoint.path).slice(1);
      for (let k = 1; k <= extra.length && used.has(name); k++)
        name = sanitize(`${name}_${extra.slice(0, k).join('_')}`);
      const base = name;
      for (let n = 2; used.has(name); n++) name = `${base.slice(0, 63 - String(n).length)}_${n}`;
    }
    used.add(name);
    const input = endpoint.input;
    const inputSchema = input['type'] === 'object' ? { ...input } : { type: 'object', ...input };
    const sem = endpoint.semantic;
    return {
      name,
      description: describe(endpoint, options.includeHints ?? true),
      inputSchema,
      annotations: {
        title: `${endpoint.method.toUpperCase()} ${endpoint.path}`,
        ...(sem.impact_tier ? { readOnlyHint: sem.impact_tier === 'informational' } : {}),
        ...(sem.impact_tier ? { destructiveHint: sem.impact_tier === 'irreversible' } : {}),
        ...(sem.is_idempotent !== undefined ? { idempotentHint: sem.is_idempotent } : {}),
      },
    };
  });
}
