import { UrlPolicyError } from '@agentweb/http';

/** Where a gRPC endpoint of a card points. */
export interface GrpcTarget {
  /** `host:port` as written (the channel's authority). */
  authority: string;
  /** The host (an IP literal without brackets, or a name). */
  host: string;
  /** The port (443 when the card gives none). */
  port: number;
  /** True for TLS. */
  secure: boolean;
  /** The same destination as an http(s) URL, for the HTTP client's address policy. */
  policyUrl: string;
}

/**
 * Reads a card's gRPC endpoint: `host:port` (the form the spec's proto documents, and the official SDK uses),
 * `https://host[:port]`, `http://host:port` (plaintext), `grpc://` / `grpcs://`, or the gRPC naming form
 * `dns:[//authority/]host:port`. A path is ignored: gRPC method paths are absolute. TLS unless the URL says
 * `http://` or `plaintext` is set. Other schemes (`unix:`, `ipv4:`, ...) are refused with `UrlPolicyError`.
 */
export function parseGrpcTarget(url: string, plaintext: boolean): GrpcTarget {
  const text = url.trim();
  let rest = text;
  let secure = !plaintext;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const bare = /^(\[[^\]]*\]|[^/:[\]\s]+)(:\d+)?(\/.*)?$/.test(text);
  if (!bare && scheme !== undefined) {
    if (scheme === 'https' || scheme === 'grpcs') {
      secure = true;
      rest = text.slice(scheme.length + 1).replace(/^\/\//, '');
    } else if (scheme === 'http') {
      secure = false;
      rest = text.slice(scheme.length + 1).replace(/^\/\//, '');
    } else if (scheme === 'grpc') {
      rest = text.slice(scheme.length + 1).replace(/^\/\//, '');
    } else if (scheme === 'dns') {
      rest = text
        .slice(4)
        .replace(/^\/\/[^/]*\//, '')
        .replace(/^\/+/, '');
    } else {
      throw new UrlPolicyError({
        url: text,
        reason: 'protocol',
        detail: `${scheme}: is not a gRPC target this client dials`,
      });
    }
  }
  const hostPort = rest.split('/')[0] ?? '';
  const match = /^(\[[^\]]+\]|[^:[\]\s]+)(?::(\d{1,5}))?$/.exec(hostPort);
  if (!match?.[1]) {
    throw new UrlPolicyError({ url: text, reason: 'invalid', detail: 'not a gRPC target (host:port)' });
  }
  const port = match[2] === undefined ? 443 : Number(match[2]);
  if (port < 1 || port > 65535) {
    throw new UrlPolicyError({ url: text, reason: 'invalid', detail: `port ${port} is out of range` });
  }
  const host = match[1].replace(/^\[|\]$/g, '');
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    authority: `${urlHost}:${port}`,
    host,
    port,
    secure,
    policyUrl: `${secure ? 'https' : 'http'}://${urlHost}:${port}/`,
  };
}
