import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { createHttpClient, type HttpClient } from '@agentweb/http';
import type { Answer, Packet } from 'dns-packet';
import * as dnsPacket from 'dns-packet';

/** One name in a DoH record table. */
export type DohTableEntry =
  | {
      /** TXT records of the name, each as its character-strings. */
      txt: string[][];
      /** TTL of the records. */
      ttl: number;
    }
  | {
      /** A negative answer. */
      rcode: 'NXDOMAIN' | 'NOERROR' | 'SERVFAIL';
      /** SOA for the authority section (RFC 2308 negative TTL = min(ttl, minimum)). */
      soa?: { ttl: number; minimum: number };
    };

/** Options of {@link startDohServer}. */
export interface DohServerOptions {
  /** Forward every query over TCP to this DNS server (`127.0.0.1:<port>`: dnsmasq or the sandbox's server). */
  upstream?: string;
  /** Answer from this table instead (names in lower case, without trailing dot; unknown names: NXDOMAIN). */
  table?: Record<string, DohTableEntry>;
  /** `Age` header sent with every answer, in seconds. */
  age?: number;
  /** Replace the answer for hostile-server tests: status, content type and/or the body bytes. */
  tamper?: (answer: Buffer) => { status?: number; contentType?: string; body?: Buffer };
}

/** One request the server saw. */
export interface DohRequestRecord {
  method: string;
  /** The raw `dns` query parameter (GET). */
  dns?: string;
  /** The request's content type (POST). */
  contentType?: string;
}

/** A running loopback DoH server. */
export interface DohServer {
  /** `http://127.0.0.1:<port>/dns-query`. */
  url: string;
  /** Requests seen so far. */
  requests: DohRequestRecord[];
  /** Closes the server and its connections. */
  close(): Promise<void>;
}

/**
 * Asks `upstream` over TCP (RFC 7766 framing), as a DoH server in front of a DNS server would: DoH has no 512-byte
 * limit, so the whole answer comes back, never a truncated UDP one.
 */
function forward(upstream: string, query: Buffer): Promise<Buffer> {
  const colon = upstream.lastIndexOf(':');
  const host = upstream.slice(0, colon).replace(/^\[|\]$/g, '');
  const port = Number(upstream.slice(colon + 1));
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    const fail = (error: Error): void => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(2000, () => fail(new Error('upstream did not answer')));
    socket.on('error', fail);
    socket.on('end', () => fail(new Error('upstream closed the connection before answering')));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        socket.destroy();
        resolve(received.subarray(2, 2 + received.readUInt16BE(0)));
      }
    });
    const prefix = Buffer.alloc(2);
    prefix.writeUInt16BE(query.length);
    socket.write(Buffer.concat([prefix, query]));
  });
}

function answerFromTable(table: Record<string, DohTableEntry>, query: Packet): Buffer {
  const question = query.questions?.[0];
  const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
  const entry = table[name];
  const response: Packet = {
    type: 'response',
    id: query.id ?? 0,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: query.questions ?? [],
  };
  if (entry !== undefined && 'txt' in entry) {
    response.answers = entry.txt.map(
      (strings): Answer => ({ type: 'TXT', name, ttl: entry.ttl, class: 'IN', data: strings }),
    );
    return dnsPacket.encode(response);
  }
  const rcode = entry?.rcode ?? 'NXDOMAIN';
  const soa = entry !== undefined && 'rcode' in entry ? entry.soa : undefined;
  if (soa !== undefined) {
    const zone = name.split('.').slice(-1)[0] ?? name;
    response.authorities = [
      {
        type: 'SOA',
        name: zone,
        ttl: soa.ttl,
        class: 'IN',
        data: {
          mname: `ns.${zone}`,
          rname: `hostmaster.${zone}`,
          serial: 1,
          refresh: 1200,
          retry: 180,
          expire: 1209600,
          minimum: soa.minimum,
        },
      },
    ];
  }
  const bytes = dnsPacket.encode(response);
  // dns-packet cannot encode an RCODE, so it is written into the low 4 bits of the flags word.
  const codes = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;
  bytes.writeUInt16BE((bytes.readUInt16BE(2) & 0xfff0) | codes[rcode], 2);
  return bytes;
}

function minAnswerTtl(answer: Buffer): number {
  try {
    const ttls = (dnsPacket.decode(answer).answers ?? []).map((record) =>
      'ttl' in record ? (record.ttl ?? 0) : 0,
    );
    return ttls.length === 0 ? 0 : Math.min(...ttls);
  } catch {
    return 0;
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A strict RFC 8484 server on 127.0.0.1: GET needs `?dns=` in base64url without padding, POST needs
 * `Content-Type: application/dns-message`; anything else gets 400/415. Answers come from `upstream` or
 * `table`, with `cache-control: max-age=<min answer TTL>` (0 without answers), as §5.1 asks.
 */
export async function startDohServer(options: DohServerOptions): Promise<DohServer> {
  const requests: DohRequestRecord[] = [];
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let query: Buffer;
    if (request.method === 'GET') {
      const dns = url.searchParams.get('dns') ?? '';
      requests.push({ method: 'GET', dns });
      if (!/^[A-Za-z0-9_-]+$/.test(dns)) {
        response.writeHead(400).end('dns must be base64url without padding');
        return;
      }
      query = Buffer.from(dns, 'base64url');
    } else if (request.method === 'POST') {
      const contentType = request.headers['content-type'] ?? '';
      requests.push({ method: 'POST', contentType });
      if (contentType !== 'application/dns-message') {
        response.writeHead(415).end();
        return;
      }
      query = await readBody(request);
    } else {
      response.writeHead(405).end();
      return;
    }
    let decoded: Packet;
    try {
      decoded = dnsPacket.decode(query);
    } catch {
      response.writeHead(400).end('malformed query');
      return;
    }
    let answer =
      options.upstream !== undefined
        ? await forward(options.upstream, query)
        : answerFromTable(options.table ?? {}, decoded);
    const headers: Record<string, string> = {
      'content-type': 'application/dns-message',
      'cache-control': `max-age=${minAnswerTtl(answer)}`,
    };
    if (options.age !== undefined) headers.age = String(options.age);
    let status = 200;
    const tampered = options.tamper?.(answer);
    if (tampered !== undefined) {
      status = tampered.status ?? status;
      if (tampered.contentType !== undefined) headers['content-type'] = tampered.contentType;
      answer = tampered.body ?? answer;
    }
    response.writeHead(status, { ...headers, 'content-length': String(answer.length) }).end(answer);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An `@agentweb/http` client that may reach a DoH server on http://127.0.0.1 (the defaults refuse both). */
export function loopbackDohHttp(): HttpClient {
  return createHttpClient({
    allowHttp: true,
    allowPrivateNetwork: ['127.0.0.1'],
    retry: false,
    cache: false,
  });
}
