import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCliBuilt } from './cli-harness.js';
import { createPeerlessProject } from './peerless-project.js';

// `npm install agentweb` alone, without the optional peers: what a user who only searches merchants has. Each
// feature that needs a peer says which package to install (MissingPeerDependencyError, MISSING_PEER_DEPENDENCY);
// everything else works. Runs the built packages in a project outside the workspace (test/peerless-project.ts).
let project: { dir: string; remove(): void };
beforeAll(() => {
  ensureCliBuilt();
  project = createPeerlessProject();
}, 240_000);
afterAll(() => project?.remove());

/** Runs an ES module in the project; what it prints on stdout, parsed as JSON. */
function run(code: string): unknown {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: project.dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const failureOf = (expression: string) => `
  let out;
  try { await (${expression}); out = { ok: true }; }
  catch (e) { out = { name: e.name, code: e.code, packageName: e.packageName, message: e.message }; }
  console.log(JSON.stringify(out));`;

describe('agentweb without its optional peer dependencies', () => {
  it('imports, and a client without redis works offline', () => {
    expect(
      run(`
        const { AgentWeb } = await import('agentweb');
        const aw = new AgentWeb();
        const merchants = aw.merchants().length;
        await aw.close();
        console.log(JSON.stringify({ merchants }));`),
    ).toEqual({ merchants: 0 });
  });

  it('new AgentWeb({ redis }) rejects its calls with MissingPeerDependencyError naming @agentweb/redis', () => {
    const out = run(`
      const { AgentWeb } = await import('agentweb');
      const aw = new AgentWeb({ redis: { url: 'redis://127.0.0.1:1' } });
      ${failureOf("aw.discover('shop.example')")}
      await aw.close();`);
    expect(out).toMatchObject({
      name: 'MissingPeerDependencyError',
      code: 'MISSING_PEER_DEPENDENCY',
      packageName: '@agentweb/redis',
    });
    expect((out as { message: string }).message).toContain('npm install @agentweb/redis');
  });

  it('a bad redis setting is still refused at once, before the package is looked for', () => {
    expect(
      run(`
        const { AgentWeb } = await import('agentweb');
        let out;
        try { new AgentWeb({ redis: { url: 'redis://127.0.0.1:1', commandTimeoutMs: 0 } }); out = 'made'; }
        catch (e) { out = e.code; }
        console.log(JSON.stringify(out));`),
    ).toBe('INVALID_OPTION');
  });

  it.each([
    ['agentweb/langchain', '@langchain/core'],
    ['agentweb/mcp', '@modelcontextprotocol/sdk'],
  ])('import(%j) fails with MissingPeerDependencyError naming %s', (subpath, packageName) => {
    const out = run(failureOf(`import('${subpath}')`));
    expect(out).toMatchObject({ code: 'MISSING_PEER_DEPENDENCY', packageName });
    expect((out as { message: string }).message).toContain(`npm install ${packageName}`);
  });

  it('agentweb/ai-sdk and agentweb/openai import without their SDKs (they only name their types)', () => {
    expect(run(failureOf(`Promise.all([import('agentweb/ai-sdk'), import('agentweb/openai')])`))).toEqual({
      ok: true,
    });
  });

  it('a gRPC agent fails with MissingPeerDependencyError naming @grpc/grpc-js', () => {
    const out = run(`
      const { createA2AClient } = await import('@agentweb/a2a');
      const { createHttpClient } = await import('@agentweb/http');
      const http = createHttpClient({ allowHttp: true, allowPrivateNetwork: true });
      const card = {
        name: 'g', description: 'g', version: '1', capabilities: {}, skills: [],
        defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
        supportedInterfaces: [{ url: 'http://127.0.0.1:1', protocolBinding: 'GRPC', protocolVersion: '1.0' }],
      };
      ${failureOf('createA2AClient({ card, http })')}
      await http.close();`);
    expect(out).toMatchObject({ code: 'MISSING_PEER_DEPENDENCY', packageName: '@grpc/grpc-js' });
  });

  it('the agentweb-mcp bin serves its tools without the MCP SDK (its own stdio server); the agentweb bin runs', () => {
    const bins = join(project.dir, 'node_modules', 'agentweb', 'dist');
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    // stdin ends after the three lines: the bin answers them, then stops on its own.
    const mcp = spawnSync(process.execPath, [join(bins, 'mcp', 'bin.js')], {
      cwd: project.dir,
      encoding: 'utf8',
      input: `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
      timeout: 30_000,
    });
    expect(mcp.status).toBe(0);
    const answers = mcp.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } });
    const names = answers.find((answer) => answer.id === 2)?.result?.tools?.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['search_products', 'checkout', 'ask_agent']));
    const cli = spawnSync(process.execPath, [join(bins, 'cli', 'main.js'), '--version'], {
      cwd: project.dir,
      encoding: 'utf8',
    });
    expect(cli.status).toBe(0);
    const worker = spawnSync(
      process.execPath,
      [join(bins, 'cli', 'main.js'), 'crawl-worker', '--queue', 'redis://127.0.0.1:1'],
      { cwd: project.dir, encoding: 'utf8', timeout: 30_000 },
    );
    expect(worker.stderr).toContain('MISSING_PEER_DEPENDENCY');
    expect(worker.stderr).toContain('npm install @agentweb/redis');
  });
});
