import type { z } from 'zod';
import { fitResult } from './fit-result.js';
import { TOOL_DATA_SCHEMAS, toolResultSchema } from './tool-output-schemas.js';
import { abortedResult, errorResult, errorToResult, TOOL_ERROR_CODES } from './tool-result.js';
import type {
  AgentWebTool,
  AgentWebToolAnnotations,
  AgentWebToolContext,
  AgentWebToolName,
  AgentWebToolResult,
} from './tool-types.js';

/** What a tool is made of before the shared validation, error and size handling is wrapped around it. */
export interface ToolSpec<S extends z.ZodObject> {
  /** Tool name. */
  name: AgentWebToolName;
  /** Title. */
  title: string;
  /** Description for the model. */
  description: string;
  /** Input schema. */
  inputSchema: S;
  /** Hints. */
  annotations: AgentWebToolAnnotations;
  /** The work, on validated input; it may throw (the wrapper turns that into a result). */
  run(input: z.output<S>, context: AgentWebToolContext): Promise<AgentWebToolResult>;
}

/** Settings every tool shares. */
export interface ToolSettings {
  /** Largest result in JSON characters. */
  maxResultChars: number;
}

const MAX_ISSUES = 5;

/** Wraps a spec into a tool whose `execute` validates, never rejects, and keeps results small. */
export function defineTool<S extends z.ZodObject>(
  spec: ToolSpec<S>,
  settings: ToolSettings,
): AgentWebTool<S> {
  const execute = async (input: z.input<S>, context?: AgentWebToolContext): Promise<AgentWebToolResult> => {
    // An untyped caller may pass null or anything else; only a real AbortSignal is used.
    const signal = context?.signal instanceof AbortSignal ? context.signal : undefined;
    if (signal?.aborted) return abortedResult();
    const parsed = spec.inputSchema.safeParse(input);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, MAX_ISSUES)
        .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(input)'}: ${issue.message}`);
      return errorResult(
        TOOL_ERROR_CODES.invalidInput,
        `invalid arguments for ${spec.name}: ${issues.join('; ')}`,
      );
    }
    let result: AgentWebToolResult;
    try {
      result = await spec.run(parsed.data, signal ? { signal } : {});
    } catch (error) {
      result = errorToResult(error, signal);
    }
    return fitResult(result, settings.maxResultChars);
  };
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputSchema,
    annotations: spec.annotations,
    outputSchema: toolResultSchema(TOOL_DATA_SCHEMAS[spec.name]),
    execute,
  };
}
