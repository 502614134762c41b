import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAidError, parseAidRecord, selectAidRecord } from '../src/aid/index.js';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (!isAidError(error)) throw error;
    return error.code;
  }
  return 'no error';
}

const BASE = 'v=aid1;uri=https://a.example/agent-card.json;proto=a2a';

describe('parseAidRecord', () => {
  it('reads every one-letter alias as its full key', () => {
    expect(
      parseAidRecord(
        'v=aid1;u=https://a.example/mcp;p=mcp;a=pat;s=Tools;d=https://docs.example/x;e=2099-01-01T00:00:00Z;k=z6Mk;i=g1',
      ),
    ).toEqual({
      v: 'aid1',
      uri: 'https://a.example/mcp',
      proto: 'mcp',
      auth: 'pat',
      desc: 'Tools',
      docs: 'https://docs.example/x',
      dep: '2099-01-01T00:00:00Z',
      pka: 'z6Mk',
      kid: 'g1',
    });
  });

  it('reads the full key "version" as v, keys in any case and order, and trims keys and values', () => {
    expect(parseAidRecord('  PROTO = a2a ; Version=aid1;  URI= https://a.example/card.json ; ')).toEqual({
      v: 'aid1',
      uri: 'https://a.example/card.json',
      proto: 'a2a',
    });
  });

  it('ignores unknown keys and empty pairs', () => {
    expect(parseAidRecord(`${BASE};;x-future=1;zz=`)).toEqual({
      v: 'aid1',
      uri: 'https://a.example/agent-card.json',
      proto: 'a2a',
    });
  });

  it('joins TXT character-strings with nothing between them, even inside a key or value', () => {
    expect(parseAidRecord(['v=ai', 'd1;u=https://a.exa', 'mple/c.json;p', '=a2a'])).toMatchObject({
      uri: 'https://a.example/c.json',
      proto: 'a2a',
    });
  });

  it.each([
    ['a key twice', `${BASE};uri=https://b.example/`, 'AID_INVALID_TXT'],
    ['a key and its alias', `${BASE};u=https://b.example/`, 'AID_INVALID_TXT'],
    ['v and version', `${BASE};version=aid1`, 'AID_INVALID_TXT'],
    ['no v', 'uri=https://a.example/;proto=a2a', 'AID_INVALID_TXT'],
    ['another version', 'v=aid2;uri=https://a.example/;proto=a2a', 'AID_INVALID_TXT'],
    ['no uri', 'v=aid1;proto=a2a', 'AID_INVALID_TXT'],
    ['no proto', 'v=aid1;uri=https://a.example/', 'AID_INVALID_TXT'],
    ['a pair without =', `${BASE};oops`, 'AID_INVALID_TXT'],
    ['an empty value of a known key', `${BASE};desc=`, 'AID_INVALID_TXT'],
    ['an empty key', `${BASE};=x`, 'AID_INVALID_TXT'],
    [
      'a protocol token in another case (tokens are case-sensitive)',
      'v=aid1;uri=https://a.example/;p=A2A',
      'AID_UNSUPPORTED_PROTO',
    ],
    ['an unknown protocol', 'v=aid1;uri=https://a.example/;p=smtp', 'AID_UNSUPPORTED_PROTO'],
    ['http for a remote protocol', 'v=aid1;uri=http://a.example/;p=a2a', 'AID_INVALID_TXT'],
    ['a relative uri', 'v=aid1;uri=/card.json;p=a2a', 'AID_INVALID_TXT'],
    ['credentials in the uri', 'v=aid1;uri=https://u:p@a.example/;p=a2a', 'AID_INVALID_TXT'],
    ['ws for websocket', 'v=aid1;uri=ws://a.example/;p=websocket', 'AID_INVALID_TXT'],
    ['https for local', 'v=aid1;uri=https://a.example/;p=local', 'AID_INVALID_TXT'],
    ['a shell command for local', 'v=aid1;uri=sh:-c rm;p=local', 'AID_INVALID_TXT'],
    ['zeroconf without its scheme', 'v=aid1;uri=_mcp._tcp;p=zeroconf', 'AID_INVALID_TXT'],
    ['an unknown auth token', `${BASE};a=password`, 'AID_INVALID_TXT'],
    ['desc over 60 UTF-8 bytes', `${BASE};s=${'é'.repeat(31)}`, 'AID_INVALID_TXT'],
    ['docs over http', `${BASE};d=http://docs.example/`, 'AID_INVALID_TXT'],
    ['dep without a time zone', `${BASE};e=2026-01-01T00:00:00`, 'AID_INVALID_TXT'],
    ['dep that is not a date', `${BASE};e=2026-13-45T00:00:00Z`, 'AID_INVALID_TXT'],
    ['pka without kid', `${BASE};k=z6Mk`, 'AID_INVALID_TXT'],
    ['pka not base58btc multibase', `${BASE};k=m6Mk;i=g1`, 'AID_INVALID_TXT'],
    ['kid longer than 6', `${BASE};k=z6Mk;i=abcdefg`, 'AID_INVALID_TXT'],
    ['kid in upper case', `${BASE};k=z6Mk;i=G1`, 'AID_INVALID_TXT'],
    ['the Kelvin sign posing as the k alias', `${BASE};\u212A=z6Mk;i=g1;k=z6Mk`, 'no error'],
  ])('refuses %s', (_what, record, code) => {
    expect(codeOf(() => parseAidRecord(record))).toBe(code);
  });

  it('accepts a desc of exactly 60 UTF-8 bytes, the allowed local and zeroconf schemes, and wss', () => {
    expect(parseAidRecord(`${BASE};s=${'é'.repeat(30)}`).desc).toHaveLength(30);
    for (const uri of ['docker:grafana/mcp:latest', 'npx:@scope/agent', 'pip:agent-pkg'])
      expect(parseAidRecord(`v=aid1;uri=${uri};p=local`).uri).toBe(uri);
    expect(parseAidRecord('v=aid1;uri=zeroconf:_mcp._tcp;p=zeroconf').proto).toBe('zeroconf');
    expect(parseAidRecord('v=aid1;uri=wss://a.example/ws;p=websocket').proto).toBe('websocket');
  });

  it('accepts http only when allowHttp is set', () => {
    expect(parseAidRecord('v=aid1;uri=http://a.test:8080/card.json;p=a2a', { allowHttp: true }).uri).toBe(
      'http://a.test:8080/card.json',
    );
  });

  it('refuses what is not a string or string array with a typed error', () => {
    expect(codeOf(() => parseAidRecord(42 as unknown as string))).toBe('AID_INVALID_TXT');
    expect(codeOf(() => parseAidRecord(['v=aid1', 7] as unknown as string[]))).toBe('AID_INVALID_TXT');
  });

  it('ends every input with a record or an AidError (no other throw)', () => {
    const pieces = fc.constantFrom(
      'v=aid1',
      ';',
      '=',
      'u=https://a.example/',
      'p=a2a',
      'k=z1',
      'i=g1',
      ' ',
      'version',
      '\u0000',
      'é',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 20 }), (parts) => {
        try {
          parseAidRecord(parts);
        } catch (error) {
          expect(isAidError(error)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('selectAidRecord', () => {
  it('ignores TXT records that are not AID records and reads the one that is', () => {
    const selection = selectAidRecord(['google-site-verification=abc', BASE]);
    expect(selection.record?.proto).toBe('a2a');
    expect(selection.raw).toBe(BASE);
  });

  it('says AID_NO_RECORD when no record has a v key, and refuses two AID records', () => {
    expect(selectAidRecord(['hello']).error?.code).toBe('AID_NO_RECORD');
    expect(selectAidRecord([BASE, BASE.replace('a.example', 'b.example')]).error?.code).toBe(
      'AID_INVALID_TXT',
    );
  });

  it('reports an invalid AID record with its own code', () => {
    expect(selectAidRecord(['v=aid1;p=mcp']).error?.code).toBe('AID_INVALID_TXT');
    expect(selectAidRecord(['v=aid1;uri=https://a.example/;p=nope']).error?.code).toBe(
      'AID_UNSUPPORTED_PROTO',
    );
  });
});
