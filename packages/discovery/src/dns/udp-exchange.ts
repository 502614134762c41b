import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';
import { DnsExchangeError } from './dns-errors.js';
import { type DnsServerAddress, formatServerAddress } from './server-address.js';

/**
 * Sends one datagram to `server` and resolves with the first datagram that comes back and is the reply:
 * `whyUnrelated` names what is wrong with datagrams that are not (another query ID or question), which are dropped
 * and reported to `onIgnored` while the wait goes on until the caller's signal ends it. One spoofed or stray
 * datagram therefore cannot end the exchange. The socket is connected, so the kernel drops datagrams from any
 * other address or port, and it is fresh per query, so its random source port is not shared with earlier
 * questions. Rejects with `signal.reason` on abort.
 */
export function udpExchange(
  server: DnsServerAddress,
  query: Uint8Array,
  signal: AbortSignal,
  whyUnrelated: (datagram: Buffer) => string | undefined = () => undefined,
  onIgnored: (reason: string) => void = () => {},
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
    let settled = false;
    const finish = (action: () => void): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.removeAllListeners('message');
      // close() throws if the socket never finished binding; nothing else to release then.
      try {
        socket.close();
      } catch {}
      action();
    };
    const onAbort = (): void => finish(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.on('error', (error) => {
      finish(() =>
        reject(
          new DnsExchangeError(
            'error',
            `UDP to ${formatServerAddress(server)} failed: ${error.message}`,
            error,
          ),
        ),
      );
    });
    socket.on('message', (message) => {
      const unrelated = whyUnrelated(message);
      if (unrelated === undefined) finish(() => resolve(message));
      else onIgnored(unrelated);
    });
    socket.connect(server.port, server.host, () => {
      socket.send(query, (error) => {
        if (error) {
          finish(() =>
            reject(
              new DnsExchangeError(
                'error',
                `UDP send to ${formatServerAddress(server)} failed: ${error.message}`,
                error,
              ),
            ),
          );
        }
      });
    });
  });
}
