import { afterEach, describe, expect, it } from 'vitest';
import {
  isSandboxProcessError,
  type SandboxProcess,
  startMinimalSdkMerchantsProcess,
  startSandboxProcess,
} from '../src/index.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function searchVia(sb: SandboxProcess, index: number): Promise<unknown> {
  const merchant = sb.merchants[index];
  if (!merchant) throw new Error(`no merchant ${index}`);
  const res = await sb.fetch(merchant.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'message/send',
      params: {
        message: {
          kind: 'message',
          messageId: 'm-1',
          role: 'user',
          parts: [
            { kind: 'data', data: { query: 'lamp', limit: 2 }, metadata: { skillId: 'cap:product_search' } },
          ],
        },
      },
    }),
  });
  return res.json();
}

describe('startSandboxProcess', () => {
  it('serves the merchants from another process and ends it on close()', async () => {
    const sb = await startSandboxProcess({ merchants: 3, seed: 'child' });
    running.push(sb);
    expect(sb.pid).not.toBe(process.pid);
    expect(sb.merchants.map((m) => m.domain)).toEqual([
      'shop-0.sandbox.test',
      'shop-1.sandbox.test',
      'shop-2.sandbox.test',
    ]);
    // The parent-side lookup resolves the child's merchant domains.
    const card = await sb.fetch(sb.merchants[1]?.cardUrl ?? '');
    expect(card.status).toBe(200);
    expect(await card.text()).toContain('cap:product_search');
    // shop-0 speaks 0.3: a search answers with a task carrying the search artifact.
    const answer = (await searchVia(sb, 0)) as { id: number; result?: { artifacts?: unknown[] } };
    expect(answer.id).toBe(7);
    expect(answer.result?.artifacts?.length).toBe(1);
    await sb.close();
    expect(alive(sb.pid)).toBe(false);
    await expect(sb.fetch(sb.merchants[0]?.cardUrl ?? '')).rejects.toThrow();
  });

  it('applies serialisable faults by index, with defaults for the rest', async () => {
    const sb = await startSandboxProcess({
      merchants: 2,
      faults: { 1: { serverError: { status: 502 } } },
      defaultFaults: { latency: { minMs: 1, maxMs: 2 } },
    });
    running.push(sb);
    const res = await sb.fetch(sb.merchants[1]?.rpcUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(502);
    await res.arrayBuffer();
    expect(((await searchVia(sb, 0)) as { id: number }).id).toBe(7);
  });

  it('reports a child that does not start in time as a SandboxProcessError', async () => {
    const failure = await startSandboxProcess({ merchants: 1, startTimeoutMs: 1 }).catch((e: unknown) => e);
    expect(isSandboxProcessError(failure)).toBe(true);
    expect(String(failure)).toContain('did not start within 1 ms');
  });
});

describe('startMinimalSdkMerchantsProcess', () => {
  it('serves the official-SDK merchants from another process', async () => {
    const sdk = await startMinimalSdkMerchantsProcess({ merchants: 2 });
    running.push(sdk);
    expect(sdk.cardUrls).toHaveLength(2);
    const card = (await (await fetch(sdk.cardUrls[1] ?? '')).json()) as { name: string };
    expect(card.name).toBe('Minimal SDK merchant 1');
    await sdk.close();
    expect(alive(sdk.pid)).toBe(false);
  });
});
