import { describe, expect, it } from 'vitest';
import { isClientFlagError } from '../src/config/index.js';
import { isMcpUsageError, MCP_BIN_HELP, parseMcpBinArgs } from '../src/mcp/index.js';

describe('parseMcpBinArgs', () => {
  it('collects merchants, AGIS sources (with a file base URL) and the shared client flags', () => {
    const command = parseMcpBinArgs([
      '--merchant',
      'shop-0.sandbox.test:8080',
      '--merchant',
      'https://shop.example/.well-known/agent-card.json',
      '--agis',
      'reservations.example',
      '--agis',
      './services/table.agis.yaml=http://127.0.0.1:9000/agis',
      '--agis',
      'https://api.example/agis.yaml?token=https://x',
      '--allow-http',
      '--resolve',
      '*.sandbox.test=127.0.0.1',
      '--timeout',
      '2500',
      '--verbose',
    ]);
    expect(command).toMatchObject({
      kind: 'serve',
      merchants: ['shop-0.sandbox.test:8080', 'https://shop.example/.well-known/agent-card.json'],
      agis: [
        { source: 'reservations.example' },
        { source: './services/table.agis.yaml', baseUrl: 'http://127.0.0.1:9000/agis' },
        // A URL keeps its `=`: only a non-URL source takes a base URL.
        { source: 'https://api.example/agis.yaml?token=https://x' },
      ],
      agisTools: true,
      verbose: true,
      clientOptions: { allowHttp: true, timeoutMs: 2500 },
    });
    expect(command.kind === 'serve' && typeof command.clientOptions.lookup).toBe('function');
    expect(parseMcpBinArgs(['--no-agis-tools'])).toMatchObject({
      kind: 'serve',
      agisTools: false,
      merchants: [],
    });
  });

  it('answers --help and --version before anything else', () => {
    expect(parseMcpBinArgs(['--merchant', 'x.example', '-h'])).toEqual({ kind: 'help' });
    expect(parseMcpBinArgs(['--version'])).toEqual({ kind: 'version' });
    for (const flag of ['--merchant', '--agis', '--resolve', '--dns', '--token', '--allow-http']) {
      expect(MCP_BIN_HELP).toContain(flag);
    }
  });

  it.each([
    [['--merchnt', 'x'], /--merchnt/],
    [['--merchant'], /--merchant/],
    [['stray'], /stray/],
    [['--agis', '  '], /--agis needs a non-empty value/],
  ])('refuses %j with a usage error naming the problem', (argv, message) => {
    try {
      parseMcpBinArgs(argv);
      expect.unreachable();
    } catch (error) {
      expect(isMcpUsageError(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('passes a bad shared flag value on as the typed ClientFlagError', () => {
    expect(() => parseMcpBinArgs(['--timeout', 'soon'])).toThrowError(
      expect.objectContaining({ code: 'AGENTWEB_FLAG_INVALID' }),
    );
    try {
      parseMcpBinArgs(['--token', 'no-equals']);
      expect.unreachable();
    } catch (error) {
      expect(isClientFlagError(error)).toBe(true);
    }
  });
});
