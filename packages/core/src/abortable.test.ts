import { describe, expect, it, vi } from 'vitest';
import { abortableDelay, raceAbort } from './abortable.js';

describe('raceAbort', () => {
  it('settles like the promise when the signal stays quiet, and removes its listener', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await expect(raceAbort(Promise.resolve(7), controller.signal)).resolves.toBe(7);
    await expect(raceAbort(Promise.reject(new Error('no')), controller.signal)).rejects.toThrow('no');
    expect(remove).toHaveBeenCalledTimes(2);
  });

  it('rejects with the abort reason while the work is still pending, and calls onAbort', async () => {
    const controller = new AbortController();
    const onAbort = vi.fn();
    const pending = raceAbort(new Promise<never>(() => undefined), controller.signal, onAbort);
    controller.abort(new Error('deadline'));
    await expect(pending).rejects.toThrow('deadline');
    expect(onAbort).toHaveBeenCalledOnce();
  });

  it('absorbs a late rejection of work abandoned on an already-aborted signal', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('late')), 5));
      await expect(raceAbort(late, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('abortableDelay', () => {
  it('waits, returns at once for zero, and rejects with the reason on abort', async () => {
    await expect(abortableDelay(1)).resolves.toBeUndefined();
    await expect(abortableDelay(0, AbortSignal.timeout(1000))).resolves.toBeUndefined();
    const controller = new AbortController();
    const waiting = abortableDelay(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(abortableDelay(5, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});

describe('abortableDelay past the longest timer', () => {
  it('keeps waiting instead of firing after 1 ms as setTimeout would', async () => {
    const controller = new AbortController();
    const waiting = abortableDelay(3e9, controller.signal).then(() => 'resolved');
    const later = new Promise((resolve) => setTimeout(resolve, 30, 'still waiting'));
    expect(await Promise.race([waiting, later])).toBe('still waiting');
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
