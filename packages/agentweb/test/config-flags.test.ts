import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FLAG_OPTIONS,
  clientOptionsFromFlags,
  createHostMapLookup,
  isClientFlagError,
} from '../src/config/index.js';

function lookupOnce(
  lookup: ReturnType<typeof createHostMapLookup>,
  host: string,
): Promise<{ address: string; family: number }[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(typeof addresses === 'string' ? [{ address: addresses, family: 4 }] : addresses);
    });
  });
}

describe('createHostMapLookup', () => {
  it('answers exact and wildcard names itself and hands the rest to the fallback', async () => {
    const asked: string[] = [];
    const lookup = createHostMapLookup(['*.sandbox.test=127.0.0.1', 'api.local=::1'], (host, _o, cb) => {
      asked.push(host);
      cb(null, [{ address: '127.0.0.9', family: 4 }]);
    });
    expect(await lookupOnce(lookup, 'shop-3.sandbox.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await lookupOnce(lookup, 'SHOP-3.Sandbox.Test.')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await lookupOnce(lookup, 'api.local')).toEqual([{ address: '::1', family: 6 }]);
    // The wildcard covers subdomains only, as in a DNS zone: the apex goes to the fallback.
    expect(await lookupOnce(lookup, 'sandbox.test')).toEqual([{ address: '127.0.0.9', family: 4 }]);
    expect(asked).toEqual(['sandbox.test']);
  });

  it('answers a single-address lookup in the (address, family) form', async () => {
    const lookup = createHostMapLookup(['a.test=127.0.0.2']);
    const got = await new Promise<[string, number | undefined]>((resolve) =>
      lookup('a.test', { all: false } as never, (_e, address, family) => resolve([String(address), family])),
    );
    expect(got).toEqual(['127.0.0.2', 4]);
  });

  it.each([
    ['no-equals-sign', 'expected host=address'],
    ['a.test=not-an-ip', 'is not an IP address'],
    ['bad host!=127.0.0.1', 'is not a host name'],
  ])('refuses %s with a typed error naming the flag', (entry, reason) => {
    try {
      createHostMapLookup([entry]);
      expect.unreachable();
    } catch (error) {
      expect(isClientFlagError(error)).toBe(true);
      expect((error as Error).message).toContain('--resolve');
      expect((error as Error).message).toContain(reason);
    }
  });
});

describe('clientOptionsFromFlags', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentweb-flags-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns parsed flags into client options', async () => {
    const { values } = parseArgs({
      args: [
        '--allow-http',
        '--allow-private-network',
        '--scheme',
        'http',
        '--resolve',
        '*.sandbox.test=127.0.0.1',
        '--timeout',
        '2500',
        '--user',
        'alice',
        '--token',
        'shop-1.sandbox.test=secret',
        '--context-file',
        join(dir, 'contexts.json'),
      ],
      options: CLIENT_FLAG_OPTIONS,
      strict: true,
    });
    const options = clientOptionsFromFlags(values);
    expect(options).toMatchObject({
      allowHttp: true,
      allowPrivateNetwork: true,
      discovery: { defaultScheme: 'http' },
      timeoutMs: 2500,
      userId: 'alice',
      credentials: { 'shop-1.sandbox.test': { type: 'bearer', token: 'secret' } },
    });
    expect(options.lookup).toBeTypeOf('function');
    await options.contextStore?.set({ userId: 'alice', merchantId: 'm' }, 'ctx-1');
    expect(await options.contextStore?.get({ userId: 'alice', merchantId: 'm' })).toBe('ctx-1');
  });

  it('--ucp-profile sets ucp.profileUrl, and --token names UCP merchants too; a bad URL names the flag', () => {
    expect(
      clientOptionsFromFlags({
        'ucp-profile': 'https://agent.example/.well-known/ucp',
        token: ['ucp-shop.example=tok-1'],
      }),
    ).toEqual({
      credentials: { 'ucp-shop.example': { type: 'bearer', token: 'tok-1' } },
      ucp: {
        profileUrl: 'https://agent.example/.well-known/ucp',
        credentials: { 'ucp-shop.example': { type: 'bearer', token: 'tok-1' } },
      },
    });
    expect(clientOptionsFromFlags({ 'ucp-profile': 'https://agent.example/p' })).toEqual({
      ucp: { profileUrl: 'https://agent.example/p' },
    });
    for (const bad of ['agent.example/p', 'ftp://agent.example/p', ''])
      expect(() => clientOptionsFromFlags({ 'ucp-profile': bad })).toThrow(/--ucp-profile/);
  });

  it('leaves every default alone when no flag is given', () => {
    expect(clientOptionsFromFlags({})).toEqual({});
  });

  it('refuses a bad timeout and a token without a domain, without echoing the token', () => {
    expect(() => clientOptionsFromFlags({ timeout: '0' })).toThrow(/--timeout/);
    expect(() => clientOptionsFromFlags({ scheme: 'ftp' })).toThrow(/--scheme/);
    try {
      clientOptionsFromFlags({ token: ['justasecret'] });
      expect.unreachable();
    } catch (error) {
      expect(isClientFlagError(error)).toBe(true);
      expect((error as Error).message).not.toContain('justasecret');
    }
    expect(() => clientOptionsFromFlags({ token: ['shop.example=   '] })).toThrow(/--token/);
    expect(() => clientOptionsFromFlags({ token: ['  =secret'] })).toThrow(/--token/);
  });

  it('--redis puts the shared state on Redis; a URL that is not redis:// is refused without echoing it', () => {
    const { values } = parseArgs({
      args: ['--redis', 'redis://:s3cret@127.0.0.1:6390/2', '--user', 'alice'],
      options: CLIENT_FLAG_OPTIONS,
      strict: true,
    });
    expect(clientOptionsFromFlags(values)).toEqual({
      redis: { url: 'redis://:s3cret@127.0.0.1:6390/2' },
      userId: 'alice',
    });
    expect(clientOptionsFromFlags({ redis: 'rediss://cache.internal:6380' })).toEqual({
      redis: { url: 'rediss://cache.internal:6380' },
    });
    for (const bad of ['http://:s3cret@cache:6379', 's3cret', 'redis://', 'redis://a b/s3cret', '']) {
      try {
        clientOptionsFromFlags({ redis: bad });
        expect.unreachable();
      } catch (error) {
        expect(isClientFlagError(error)).toBe(true);
        expect((error as Error).message).toContain('--redis');
        expect((error as Error).message).not.toContain('s3cret');
      }
    }
    expect(() =>
      clientOptionsFromFlags({ redis: 'redis://127.0.0.1', 'context-file': join(dir, 'c.json') }),
    ).toThrow(/--context-file.*cannot be combined with --redis/);
  });

  it('keeps a token for a domain spelled __proto__ as an entry, not as the map prototype', () => {
    const options = clientOptionsFromFlags({ token: ['__proto__=x', 'shop.example=y'] });
    const map = options.credentials as Record<string, unknown>;
    expect(Object.hasOwn(map, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(map)).toBe(null);
    expect(map['shop.example']).toEqual({ type: 'bearer', token: 'y' });
  });
});
