import { describe, expect, it } from 'vitest';
import { createHttpClient } from './create-http-client.js';
import { isBlockedAddressError, isNetworkError, isTimeoutError, isUrlPolicyError } from './errors.js';
import type { LookupFunction } from './lookup.js';

const mapped =
  (table: Record<string, string[]>): LookupFunction =>
  (host, _options, callback) => {
    const list = table[host];
    if (list === undefined)
      callback(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    else
      callback(
        null,
        list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  };

describe('resolveDestination', () => {
  it('resolves a public name once and returns every checked address with the port', async () => {
    const http = createHttpClient({ lookup: mapped({ 'agent.example': ['93.184.216.34', '2606:2800::1'] }) });
    const d = await http.resolveDestination('https://agent.example:8443/a2a');
    expect(d).toMatchObject({ host: 'agent.example', port: 8443, secure: true });
    expect(d.addresses.map((a) => a.address)).toEqual(['93.184.216.34', '2606:2800::1']);
    expect((await http.resolveDestination('https://agent.example')).port).toBe(443);
  });

  it('refuses a name that resolves to a private address, even among public ones, unless allowed', async () => {
    const lookup = mapped({ 'mixed.example': ['93.184.216.34', '10.0.0.7'] });
    const error = await createHttpClient({ lookup })
      .resolveDestination('https://mixed.example')
      .catch((e: unknown) => e);
    expect(isBlockedAddressError(error)).toBe(true);
    expect(error).toMatchObject({ host: 'mixed.example', address: '10.0.0.7', addressClass: 'private' });
    const allowed = createHttpClient({ lookup, allowPrivateNetwork: ['10.0.0.0/8'] });
    await expect(allowed.resolveDestination('https://mixed.example')).resolves.toMatchObject({ port: 443 });
  });

  it('checks IP literals without a lookup, and vets the URL like a request', async () => {
    const http = createHttpClient({ lookup: mapped({}) });
    expect(isBlockedAddressError(await http.resolveDestination('https://[::1]:50051').catch((e) => e))).toBe(
      true,
    );
    expect(isUrlPolicyError(await http.resolveDestination('http://93.184.216.34').catch((e) => e))).toBe(
      true,
    );
    expect(isUrlPolicyError(await http.resolveDestination('ftp://93.184.216.34').catch((e) => e))).toBe(true);
    const loopback = createHttpClient({ allowHttp: true, allowPrivateNetwork: true });
    await expect(loopback.resolveDestination('http://127.0.0.1:9')).resolves.toMatchObject({
      host: '127.0.0.1',
      port: 9,
      secure: false,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
  });

  it('reports a failed lookup as NetworkError and a slow one as TimeoutError', async () => {
    const failed = await createHttpClient({ lookup: mapped({}) })
      .resolveDestination('https://nowhere.example')
      .catch((e: unknown) => e);
    expect(isNetworkError(failed)).toBe(true);
    const never: LookupFunction = () => {};
    const slow = await createHttpClient({ lookup: never })
      .resolveDestination('https://slow.example', { timeoutMs: 30 })
      .catch((e: unknown) => e);
    expect(isTimeoutError(slow)).toBe(true);
  });

  it('exposes the policy other transports follow', () => {
    const http = createHttpClient({ allowHttp: true, timeoutMs: 1234, maxBodyBytes: 99 });
    expect(http.allowsHttp).toBe(true);
    expect(http.defaults).toEqual({ timeoutMs: 1234, maxBodyBytes: 99 });
    expect(createHttpClient().allowsHttp).toBe(false);
  });
});
