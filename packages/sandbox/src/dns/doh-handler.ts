import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_DNS_QUERY_BYTES } from './dns-server.js';
import { respond } from './responder.js';
import type { ZoneTable } from './zone-table.js';

const MEDIA_TYPE = 'application/dns-message';
// base64url of the largest accepted query.
const MAX_GET_PARAMETER = Math.ceil((MAX_DNS_QUERY_BYTES * 4) / 3);

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' }).end(`${text}\n`);
}

function answer(table: ZoneTable, res: ServerResponse, query: Buffer, udpPayloadSize: number): void {
  const reply = respond(table, query, { transport: 'stream', udpPayloadSize });
  if (reply === undefined) {
    plain(res, 400, 'not a DNS query');
    return;
  }
  res.writeHead(200, {
    'content-type': MEDIA_TYPE,
    // RFC 8484 §5.1: the freshness lifetime must not exceed the smallest answer TTL.
    'cache-control': `max-age=${reply.minAnswerTtl}`,
    'content-length': reply.bytes.length,
  });
  res.end(reply.bytes);
}

/**
 * RFC 8484 DoH for a compiled zone: GET with `?dns=` (base64url without padding) and POST with an
 * `application/dns-message` body, answered as over TCP (whole answers, no truncation). Queries over the size cap
 * get 413, anything that is not a query 400, other methods 405.
 */
export function handleDoh(
  table: ZoneTable,
  req: IncomingMessage,
  res: ServerResponse,
  udpPayloadSize = 1232,
): void {
  if (req.method === 'GET') {
    const param = new URL(req.url ?? '/', 'http://x').searchParams.get('dns');
    if (param !== null && param.length > MAX_GET_PARAMETER) {
      plain(res, 413, 'query too large');
      return;
    }
    if (param === null || !/^[A-Za-z0-9_-]+$/.test(param)) {
      plain(res, 400, 'dns must be base64url without padding');
      return;
    }
    answer(table, res, Buffer.from(param, 'base64url'), udpPayloadSize);
    return;
  }
  if (req.method !== 'POST') {
    plain(res, 405, 'method not allowed');
    return;
  }
  if (!String(req.headers['content-type'] ?? '').startsWith(MEDIA_TYPE)) {
    plain(res, 415, `content type must be ${MEDIA_TYPE}`);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on('data', (chunk: Buffer) => {
    if (tooLarge) return;
    size += chunk.length;
    if (size <= MAX_DNS_QUERY_BYTES) {
      chunks.push(chunk);
      return;
    }
    // Answered at once and the connection dropped after it, so a huge body is never read to its end.
    tooLarge = true;
    res.on('finish', () => req.destroy());
    res.setHeader('connection', 'close');
    plain(res, 413, 'query too large');
  });
  req.on('end', () => {
    if (!tooLarge) answer(table, res, Buffer.concat(chunks), udpPayloadSize);
  });
  req.on('error', () => res.destroy());
}
