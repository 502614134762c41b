import { connect } from 'node:net';
import { DnsExchangeError } from './dns-errors.js';
import { type DnsServerAddress, formatServerAddress } from './server-address.js';

/**
 * Sends one length-prefixed query over TCP (RFC 1035 §4.2.2) and resolves with the response message. Reads
 * no more than `2 + maxBytes` bytes: a length prefix above `maxBytes` fails before the body is read. Rejects
 * with `signal.reason` on abort.
 */
export function tcpExchange(
  server: DnsServerAddress,
  query: Uint8Array,
  signal: AbortSignal,
  maxBytes: number,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const where = formatServerAddress(server);
    const socket = connect({ host: server.host, port: server.port });
    const chunks: Buffer[] = [];
    let received = 0;
    let expected: number | undefined;
    let settled = false;
    const finish = (action: () => void): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      action();
    };
    const fail = (message: string, cause?: unknown): void =>
      finish(() => reject(new DnsExchangeError('error', message, cause)));
    const onAbort = (): void => finish(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.on('error', (error) => fail(`TCP to ${where} failed: ${error.message}`, error));
    socket.on('connect', () => {
      const prefix = Buffer.alloc(2);
      prefix.writeUInt16BE(query.byteLength);
      socket.write(Buffer.concat([prefix, query]));
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (expected === undefined && received >= 2) {
        expected = Buffer.concat(chunks).readUInt16BE(0);
        if (expected > maxBytes) {
          fail(`TCP response from ${where} announces ${expected} bytes, more than the limit of ${maxBytes}`);
          return;
        }
      }
      if (expected !== undefined && received >= 2 + expected) {
        const whole = Buffer.concat(chunks);
        finish(() => resolve(whole.subarray(2, 2 + (expected ?? 0))));
      }
    });
    socket.on('end', () => {
      fail(`TCP connection to ${where} closed after ${received} bytes, before the whole response arrived`);
    });
  });
}
