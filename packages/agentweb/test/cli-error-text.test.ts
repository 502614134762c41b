import { DiscoveryError, type TraceEntry } from '@agentweb/discovery';
import { BlockedAddressError, UrlPolicyError } from '@agentweb/http';
import { describe, expect, it } from 'vitest';
import { cliErrorMessage, forCommandLine } from '../src/cli/error-text.js';
import { NoAgisServicesError, NoMerchantsError, UnknownMerchantError } from '../src/client/errors.js';

/** Library messages name options and methods; none of these may reach a person at the command line. */
const API_SYMBOLS =
  /allowHttp|allowPrivateNetwork|addMerchant\(\)|loadAgisService\(\)|createMerchantClient|timeoutMs/;

describe('CLI error text', () => {
  it('names the flag for each library option a message names', () => {
    const errors = [
      new UrlPolicyError({
        url: 'http://a.example/',
        reason: 'insecure',
        detail: 'plain http is off; set allowHttp',
      }),
      new BlockedAddressError({
        url: 'http://a.example/',
        host: 'a.example',
        address: '10.0.0.1',
        addressClass: 'private',
      }),
      new NoMerchantsError('product', []),
      new NoMerchantsError('product', ['a.example', 'b.example']),
      new NoAgisServicesError(),
    ];
    const texts = errors.map(cliErrorMessage);
    for (const text of texts) expect(text).not.toMatch(API_SYMBOLS);
    expect(texts[0]).toContain('pass --allow-http');
    expect(texts[1]).toContain('pass --allow-private-network to allow it');
    expect(texts[2]).toContain('name one with --merchant <domain>');
    expect(texts[3]).toContain('name one with --merchant <domain>');
    expect(texts[4]).toContain('name one with --service');
    expect(
      forCommandLine('it needs credentials; pass `credentials` to createMerchantClient. Nothing was sent.'),
    ).toBe('it needs credentials; pass --token <domain>=<token>. Nothing was sent.');
  });

  it("replaces OpenSSL's wrong-version line with what to do", () => {
    const reason =
      'Network error fetching https://a.example:8080/: 80FC68445F7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n';
    const text = forCommandLine(reason);
    expect(text).not.toMatch(/SSL routines|openssl|wrong version/);
    expect(text).toContain('pass --scheme http');
  });

  it('an unknown merchant says why discovery failed: a timeout, not the list of known merchants', () => {
    const trace: TraceEntry[] = [
      { mechanism: 'dns-txt', target: '_cap.hung.example', outcome: 'pointer', elapsedMs: 3 },
      { mechanism: 'dns-txt', target: 'https://hung.example/card.json', outcome: 'timeout', elapsedMs: 2000 },
      { mechanism: 'link-tag', target: 'https://hung.example/', outcome: 'skipped', elapsedMs: 0 },
    ];
    const error = new UnknownMerchantError(
      'hung.example',
      [],
      new DiscoveryError({ target: 'hung.example', trace }),
    );
    expect(cliErrorMessage(error)).toBe(
      'merchant "hung.example" could not be found: discovery timed out (dns-txt timeout); check the domain and port, or raise --timeout',
    );
  });
});
