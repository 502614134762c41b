import dgram from 'node:dgram';
import net from 'node:net';

/** Where a DNS server listens. */
export interface DnsEndpoint {
  /** Bound address. */
  host: string;
  /** UDP and TCP port. */
  port: number;
}

/** Sends one datagram and resolves with the first one that comes back (rejects after 5 s). */
export function udpExchange(server: DnsEndpoint, message: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('no UDP answer'));
    }, 5000);
    socket.on('message', (reply) => {
      clearTimeout(timer);
      socket.close();
      resolve(reply);
    });
    socket.send(message, server.port, server.host);
  });
}

/** `message` with its RFC 7766 two-byte length prefix. */
export function framed(message: Uint8Array): Buffer {
  const prefix = Buffer.alloc(2);
  prefix.writeUInt16BE(message.length);
  return Buffer.concat([prefix, message]);
}

/**
 * Writes `chunks` to one TCP connection, each as its own write (so the server sees the stream cut there), and
 * resolves with the first `count` answers, prefixes removed. Rejects when the server closes the connection first.
 */
export function tcpExchange(
  server: DnsEndpoint,
  chunks: readonly Uint8Array[],
  count: number,
): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, server.host);
    let received = Buffer.alloc(0);
    const answers: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('tcp timeout')));
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed after ${answers.length} answers`)));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      while (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        answers.push(received.subarray(2, 2 + received.readUInt16BE(0)));
        received = received.subarray(2 + received.readUInt16BE(0));
      }
      if (answers.length >= count) {
        resolve(answers);
        socket.destroy();
      }
    });
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        await new Promise((r) => setImmediate(r));
      }
    });
  });
}
