import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** A bound UDP socket that never answers, for deadline tests. */
export interface SilentServer {
  /** `127.0.0.1:<port>`. */
  address: string;
  /** Datagrams received so far. */
  readonly received: number;
  /** Closes the socket. */
  close(): Promise<void>;
}

/** Binds a UDP socket on 127.0.0.1 that swallows every query. */
export async function startSilentUdpServer(): Promise<SilentServer> {
  const socket = createSocket('udp4');
  let received = 0;
  socket.on('message', () => {
    received += 1;
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    get received() {
      return received;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** Runs `use` with a silent server on 127.0.0.1 and closes it afterwards, whatever happens. */
export async function withSilentUdpServer<T>(use: (silent: SilentServer) => Promise<T>): Promise<T> {
  const silent = await startSilentUdpServer();
  try {
    return await use(silent);
  } finally {
    await silent.close();
  }
}
