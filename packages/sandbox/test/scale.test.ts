import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';

describe('scale', () => {
  it('100 merchants start, each answers on its own host, and close cleanly', async () => {
    const sb = await startSandbox({ merchants: 100, seed: 'scale' });
    expect(new Set(sb.merchants.map((m) => m.domain)).size).toBe(100);
    const cards = await Promise.all(
      sb.merchants.filter((_, i) => i % 10 === 0).map(async (m) => (await sb.fetch(m.cardUrl)).status),
    );
    expect(cards.every((s) => s === 200)).toBe(true);
    await sb.close();
    await expect(sb.fetch(sb.merchants[0]?.cardUrl ?? '')).rejects.toThrow();
  });
});
