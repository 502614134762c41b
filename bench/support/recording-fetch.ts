/** One request as a client sent it, ready to be sent again with a bare `fetch`. */
export interface RecordedRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body: string | undefined };
}

/** A fetch that sends through `inner` and, while `recording` is on, keeps a copy of every POST it sends. */
export interface RecordingFetch {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Records the POSTs `work` sends, and returns them. */
  record(work: () => Promise<unknown>): Promise<RecordedRequest[]>;
}

/**
 * Wraps `inner` so a bench can capture the exact requests a client sends (URL, headers, body) and time a bare
 * `fetch` of the same requests as its floor: the baseline then does the same wire work as the client measured.
 */
export function recordingFetch(inner: typeof fetch): RecordingFetch {
  let log: RecordedRequest[] | undefined;
  const wrapped: RecordingFetch['fetch'] = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (log !== undefined && method === 'POST') {
      // A client may hand over a Request (headers and body inside it) or a URL and an init.
      const headers = new Headers(input instanceof Request ? input.headers : undefined);
      for (const [name, value] of new Headers(init?.headers).entries()) headers.set(name, value);
      const body = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
      if (body !== undefined && body !== null && typeof body !== 'string')
        throw new Error(`recordingFetch: a ${typeof body} body cannot be replayed (${url})`);
      log.push({
        url,
        init: { method, headers: Object.fromEntries(headers.entries()), body: body ?? undefined },
      });
    }
    return inner(input, init);
  };
  return {
    fetch: wrapped,
    async record(work) {
      log = [];
      try {
        await work();
        return log;
      } finally {
        log = undefined;
      }
    },
  };
}

/** Sends every request at once with `fetchImpl` and reads each JSON body; counts the 2xx answers. */
export async function replayAll(
  requests: readonly RecordedRequest[],
  fetchImpl: typeof fetch,
): Promise<number> {
  const answers = await Promise.all(
    requests.map(async (r) => {
      const res = await fetchImpl(r.url, r.init);
      const text = await res.text();
      // Parse as the client does (an event stream is read as text: its JSON sits in the data lines).
      if ((res.headers.get('content-type') ?? '').includes('json')) JSON.parse(text);
      return res.ok;
    }),
  );
  return answers.filter(Boolean).length;
}
