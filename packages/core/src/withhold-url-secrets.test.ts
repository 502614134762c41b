import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withholdUrlSecrets } from './withhold-url-secrets.js';

describe('withholdUrlSecrets', () => {
  it('withholds a query string, the fragment after it included', () => {
    expect(withholdUrlSecrets('https://m/a2a?api_key=S')).toBe('https://m/a2a?[query withheld]');
    expect(withholdUrlSecrets('Request to https://m.test:8443/a2a?key=S&x=1#frag timed out after 5 ms')).toBe(
      'Request to https://m.test:8443/a2a?[query withheld] timed out after 5 ms',
    );
  });

  it('withholds user name and password', () => {
    expect(
      withholdUrlSecrets('Refused URL https://user:pa%40ss@h.test/x: credentials in URLs are refused'),
    ).toBe('Refused URL https://[credentials withheld]@h.test/x: credentials in URLs are refused');
    expect(withholdUrlSecrets('http://u@h?t=1')).toBe('http://[credentials withheld]@h?[query withheld]');
  });

  it('keeps the sentence around a URL and every URL without secrets as it is', () => {
    expect(withholdUrlSecrets('HTTP 503 from https://m/a?k=S.')).toBe(
      'HTTP 503 from https://m/a?[query withheld].',
    );
    expect(withholdUrlSecrets('Redirect from "https://a/x?s=1" to <https://b/y?t=2>: refused')).toBe(
      'Redirect from "https://a/x?[query withheld]" to <https://b/y?[query withheld]>: refused',
    );
    const plain = 'HTTP 503 from https://shop.example/a2a (path/with@sign), dns:///h:50051 too';
    expect(withholdUrlSecrets(plain)).toBe(plain);
    expect(withholdUrlSecrets('no url? here@all')).toBe('no url? here@all');
  });

  it('withholds every URL of a text, nested URLs in a query included', () => {
    expect(withholdUrlSecrets('a https://x/?next=https://y/?k=S b grpc://h:1?token=T c dns:///h:1?k=S')).toBe(
      'a https://x/?[query withheld] b grpc://h:1?[query withheld] c dns:///h:1?[query withheld]',
    );
  });

  it('changes nothing the second time (error messages are withheld when made, and again in the JSON form)', () => {
    for (const text of [
      'Request to https://m/a2a?api_key=S timed out after 5 ms',
      'Refused URL https://u:p@h/x?k=1: credentials in URLs are refused',
      'a https://x/?next=https://y/?k=S b',
    ]) {
      const once = withholdUrlSecrets(text);
      expect(withholdUrlSecrets(once)).toBe(once);
    }
    // A marker does not shield what follows it in the same URL.
    expect(withholdUrlSecrets('https://h/x?[query withheld]&k=S')).toBe('https://h/x?[query withheld]');
  });

  it('never lets a query value through, whatever surrounds it', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/);
    const filler = fc.string({ maxLength: 30 }).map((s) => s.replace(/SECRET/g, ''));
    fc.assert(
      fc.property(filler, secret, filler, (before, key, after) => {
        const text = `${before} https://m.test/a2a?api_key=${key} ${after}`;
        expect(withholdUrlSecrets(text)).not.toContain(`api_key=${key}`);
      }),
    );
  });

  it('is linear in its input: a megabyte of near-URLs costs what its length does', () => {
    // A hostile message full of scheme markers and query marks; a backtracking pattern would take minutes.
    const hostile = '://?@'.repeat(200_000);
    const mixed = `${'https://a/?'.repeat(50_000)}${'x'.repeat(500_000)}`;
    for (const text of [hostile, mixed]) {
      const out = withholdUrlSecrets(text);
      expect(out.length).toBeLessThanOrEqual(text.length * 4);
    }
  });
});
