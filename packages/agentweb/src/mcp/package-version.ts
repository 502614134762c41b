import { readFileSync } from 'node:fs';

let cached: string | undefined;

/**
 * The `agentweb` package version, reported to MCP hosts in `initialize`. Read from package.json, which sits two
 * levels above both `src/mcp` and `dist/mcp`; `0.0.0` if it cannot be read (the server still works).
 */
export function packageVersion(): string {
  if (cached !== undefined) return cached;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    cached = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    cached = '0.0.0';
  }
  return cached;
}
