import dgram from 'node:dgram';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import dnsPacket, { type Answer, type Packet } from 'dns-packet';

/** The records the sandbox DNS serves. */
export interface DnsZone {
  /** TXT value of `_cap.<domain>` per merchant domain (lower case). */
  capTxt: ReadonlyMap<string, string>;
  /** Suffix the sandbox is authoritative for (e.g. `sandbox.test`). */
  suffix: string;
  /** Loopback address every domain resolves to: an A record for IPv4 (default 127.0.0.1), AAAA for IPv6. */
  address?: string;
}

const TTL = 60;
// dns-packet encodes the response code only through the low 4 bits of `flags`.
const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, REFUSED: 5 } as const;
const MAX_QUERY_BYTES = 4096;

/** Answers one query packet from the zone: TXT at `_cap.<domain>`, A 127.0.0.1 at each domain. */
export function answerQuery(zone: DnsZone, query: Packet): Packet {
  const question = query.questions?.[0];
  // Real servers accept exactly one question (RFC 9619); echoing thousands would amplify a small query.
  if (question === undefined || query.questions?.length !== 1) {
    return { id: query.id ?? 0, type: 'response', questions: [], flags: RCODE.FORMERR } as Packet;
  }
  const base = { id: query.id ?? 0, type: 'response' as const, questions: [question] };
  const name = question.name.toLowerCase().replace(/\.$/, '');
  const flags = dnsPacket.AUTHORITATIVE_ANSWER;
  if (name !== zone.suffix && !name.endsWith(`.${zone.suffix}`))
    return { ...base, flags: flags | RCODE.REFUSED } as Packet;
  const answers: Answer[] = [];
  let exists = false;
  if (name.startsWith('_cap.')) {
    const url = zone.capTxt.get(name.slice(5));
    if (url !== undefined) {
      exists = true;
      if (question.type === 'TXT' || String(question.type) === 'ANY')
        answers.push({ type: 'TXT', name: question.name, ttl: TTL, class: 'IN', data: url });
    }
  } else if (zone.capTxt.has(name) || name === zone.suffix) {
    exists = true;
    const address = zone.address ?? '127.0.0.1';
    const type = net.isIPv6(address) ? 'AAAA' : 'A';
    if (question.type === type || String(question.type) === 'ANY')
      answers.push({ type, name: question.name, ttl: TTL, class: 'IN', data: address });
  }
  const soa: Answer = {
    type: 'SOA',
    name: zone.suffix,
    ttl: TTL,
    class: 'IN',
    data: {
      mname: `ns.${zone.suffix}`,
      rname: `hostmaster.${zone.suffix}`,
      serial: 1,
      refresh: 3600,
      retry: 600,
      expire: 86400,
      minimum: TTL,
    },
  };
  return {
    ...base,
    flags: flags | (exists ? RCODE.NOERROR : RCODE.NXDOMAIN),
    answers,
    authorities: answers.length === 0 ? [soa] : [],
  } as Packet;
}

function respond(zone: DnsZone, msg: Buffer): Buffer | undefined {
  let query: Packet;
  try {
    query = dnsPacket.decode(msg);
  } catch {
    // A packet we cannot decode has no id we could answer to; dropping it is what resolvers expect.
    return undefined;
  }
  return dnsPacket.encode(answerQuery(zone, query));
}

/** A running DNS server on UDP and TCP (same port). */
export interface RunningDns {
  /** Bound address. */
  host: string;
  /** Bound port (UDP and TCP). */
  port: number;
  /** Stops both listeners and drops TCP connections. */
  close(): Promise<void>;
}

async function bindBoth(zone: DnsZone, host: string): Promise<RunningDns> {
  const udp = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
  udp.on('message', (msg, rinfo) => {
    const out = respond(zone, msg);
    if (out !== undefined) udp.send(out, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(0, host, () => {
      udp.off('error', reject);
      resolve();
    });
  });
  // A failed send (e.g. an ICMP error for a vanished client) must not become an uncaught 'error' event.
  udp.on('error', () => {});
  const port = udp.address().port;
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(5000, () => socket.destroy());
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length > MAX_QUERY_BYTES + 2) {
        socket.destroy();
        return;
      }
      while (buf.length >= 2) {
        const len = buf.readUInt16BE(0);
        if (buf.length < 2 + len) break;
        const out = respond(zone, buf.subarray(2, 2 + len));
        buf = buf.subarray(2 + len);
        // The TCP frame length is 16 bits; a larger answer cannot be framed.
        if (out === undefined || out.length > 0xffff) {
          socket.destroy();
          return;
        }
        const framed = Buffer.alloc(2 + out.length);
        framed.writeUInt16BE(out.length, 0);
        out.copy(framed, 2);
        socket.write(framed);
      }
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, host, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    udp.close();
    throw e;
  }
  return {
    host,
    port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
}

/** Starts the DNS server on a random port free for both UDP and TCP. */
export async function startDnsServer(zone: DnsZone, host = '127.0.0.1'): Promise<RunningDns> {
  let lastError: unknown;
  // The UDP port is random; TCP may find it taken, so try a few ports before giving up.
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      return await bindBoth(zone, host);
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

/** RFC 8484 DoH over GET (`?dns=` base64url) and POST (`application/dns-message`). */
export function handleDoh(zone: DnsZone, req: IncomingMessage, res: ServerResponse): void {
  const reply = (status: number, body?: Buffer): void => {
    if (body === undefined) {
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 405 ? 'method not allowed' : 'bad request');
      return;
    }
    const packet = dnsPacket.decode(body);
    const ttls = (packet.answers ?? []).map((a) => ('ttl' in a && typeof a.ttl === 'number' ? a.ttl : 0));
    res.writeHead(200, {
      'content-type': 'application/dns-message',
      'cache-control': `max-age=${ttls.length === 0 ? 0 : Math.min(...ttls)}`,
      'content-length': body.length,
    });
    res.end(body);
  };
  if (req.method === 'GET') {
    const param = new URL(req.url ?? '/', 'http://x').searchParams.get('dns');
    if (param === null || !/^[A-Za-z0-9_-]+$/.test(param)) {
      reply(400);
      return;
    }
    const out = respond(zone, Buffer.from(param, 'base64url'));
    reply(out === undefined ? 400 : 200, out);
    return;
  }
  if (req.method !== 'POST') {
    reply(405);
    return;
  }
  if (!String(req.headers['content-type'] ?? '').startsWith('application/dns-message')) {
    reply(400);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_QUERY_BYTES) req.destroy();
    else chunks.push(c);
  });
  req.on('end', () => {
    const out = respond(zone, Buffer.concat(chunks));
    reply(out === undefined ? 400 : 200, out);
  });
}
