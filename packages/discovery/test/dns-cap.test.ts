import { describe, expect, it } from 'vitest';
import {
  capRecordProblem,
  createDnsResolver,
  isDnsConfigError,
  parseResolvConf,
  parseServerAddress,
  selectCapRecord,
} from '../src/dns/index.js';

describe('CAP TXT record rules', () => {
  it('takes the first valid absolute https URL in answer order', () => {
    expect(selectCapRecord(['https://a.test/1.json', 'https://a.test/2.json'])).toEqual({
      url: 'https://a.test/1.json',
      rejected: [{ record: 'https://a.test/2.json', reason: expect.stringMatching(/earlier record/) }],
    });
  });

  it.each([
    ['v=cap1;url=https://a.test/card.json', /key=value/],
    ['url=https://a.test/card.json', /key=value/],
    ['http://a.test/card.json', /http:, CAP requires an https URL/],
    ['ftp://a.test/card.json', /ftp:/],
    ['/.well-known/agent-card.json', /not an absolute URL/],
    ['a.test/card.json', /not an absolute URL/],
    ['hello', /not an absolute URL/],
    ['', /empty/],
    [' https://a.test/card.json', /whitespace/],
    ['https://a.test/ card.json', /whitespace/],
    ['https://user:pw@a.test/card.json', /credentials/],
    ['https://a.test/\uFFFD', /UTF-8/],
    ['https://', /not a valid URL/],
  ])('rejects %j', (record, reason) => {
    expect(capRecordProblem(record)).toMatch(reason);
    expect(selectCapRecord([record]).url).toBeUndefined();
  });

  it('accepts https URLs with paths, queries and ports', () => {
    expect(capRecordProblem('https://a.test:8443/x/card.json?v=1')).toBeUndefined();
  });
});

describe('configuration', () => {
  it('parses server addresses', () => {
    expect(parseServerAddress('127.0.0.1:5353')).toEqual({ host: '127.0.0.1', port: 5353 });
    expect(parseServerAddress('::1')).toEqual({ host: '::1', port: 53 });
    expect(parseServerAddress('[::1]:5353')).toEqual({ host: '::1', port: 5353 });
    for (const bad of ['dns.example', '127.0.0.1:0', '127.0.0.1:99999', '']) {
      expect(() => parseServerAddress(bad)).toThrow(/DNS server/);
    }
  });

  it('reads nameservers from resolv.conf text', () => {
    const text =
      '# comment\nsearch x\nnameserver 10.0.0.1\nnameserver fe80::1%eth0\nnameserver ::1\nnameserver bogus\n';
    expect(parseResolvConf(text)).toEqual([
      { host: '10.0.0.1', port: 53 },
      { host: '::1', port: 53 },
    ]);
  });

  it('throws DnsConfigError for unusable options', () => {
    const attempts = [
      () => createDnsResolver({ servers: ['not-an-ip'] }),
      () => createDnsResolver({ servers: [] }),
      () => createDnsResolver({ transport: 'doh' }),
      () => createDnsResolver({ timeoutMs: -1 }),
      () => createDnsResolver({ cache: { minTtl: 10, maxTtl: 5 } }),
    ];
    for (const attempt of attempts) {
      let caught: unknown;
      try {
        attempt();
      } catch (error) {
        caught = error;
      }
      expect(isDnsConfigError(caught)).toBe(true);
    }
  });
});
