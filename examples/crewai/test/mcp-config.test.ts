import { readFileSync } from 'node:fs';
// Relative: this example is Python plus JSON, it has no node_modules of its own; the check runs against the source.
import { MCP_BIN_OPTIONS, parseMcpBinArgs } from 'agentweb/mcp';
import { describe, expect, it } from 'vitest';

const here = (path: string) => new URL(`../${path}`, import.meta.url);
const agentwebPackage = JSON.parse(
  readFileSync(new URL('../../../packages/agentweb/package.json', import.meta.url), 'utf8'),
) as { name: string; bin: Record<string, string> };

interface ServerEntry {
  command: string;
  args: string[];
}

/**
 * What every documented launch line must satisfy: npx installs the `agentweb` package (not a package named after
 * the bin), runs its real MCP bin, and passes only flags that bin accepts.
 */
function checkLaunch(args: readonly string[]): void {
  expect(args[0]).toBe('-y');
  // Every `--package <name>` pair: agentweb alone (the bin has its own MCP server; the SDK is not needed).
  const packages: string[] = [];
  let at = 1;
  while (args[at] === '--package') {
    packages.push(args[at + 1] as string);
    at += 2;
  }
  expect(packages).toEqual([agentwebPackage.name]);
  const bin = args[at] as string;
  expect(agentwebPackage.bin[bin]).toBe('./dist/mcp/bin.js');
  const source = new URL('../../../packages/agentweb/src/mcp/bin.ts', import.meta.url);
  expect(readFileSync(source, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);

  const binArgs = args.slice(at + 1);
  for (const flag of binArgs.filter((a) => a.startsWith('--'))) {
    expect(Object.keys(MCP_BIN_OPTIONS), flag).toContain(flag.slice(2));
  }
  // The sandbox config carries a placeholder for the port the sandbox prints.
  const concrete = binArgs.map((a) => a.replace('SANDBOX_DNS_PORT', '53535'));
  expect(parseMcpBinArgs(concrete)).toMatchObject({ kind: 'serve' });
}

describe('examples/crewai MCP client configs', () => {
  it.each(['mcp-config.json', 'mcp-config.sandbox.json'])('%s is valid and launches the real bin', (file) => {
    const config = JSON.parse(readFileSync(here(file), 'utf8')) as {
      mcpServers: Record<string, ServerEntry>;
    };
    const servers = Object.values(config.mcpServers);
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      expect(server.command).toBe('npx');
      checkLaunch(server.args);
    }
  });

  it('uses the same launch line in every Python snippet of the README', () => {
    const readme = readFileSync(here('README.md'), 'utf8');
    const python = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(python.length).toBe(2);
    expect(python[0]).toContain('mcps=[agentweb]');
    expect(python[0]).toContain('MCPServerStdio(');
    expect(python[1]).toContain('MCPServerAdapter(params)');
    for (const snippet of python) {
      const list = /args=\[([\s\S]*?)\]/.exec(snippet)?.[1];
      expect(list).toBeDefined();
      checkLaunch([...(list as string).matchAll(/"([^"]*)"/g)].map((m) => m[1] as string));
    }
  });
});
