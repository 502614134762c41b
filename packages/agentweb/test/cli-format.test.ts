import { describe, expect, it } from 'vitest';
import { createLiveView, pendingList } from '../src/cli/live-view.js';
import { createProgressBar } from '../src/cli/progress-bar.js';
import { createStatusLine } from '../src/cli/status-line.js';
import { formatTable, printable } from '../src/cli/table.js';
import { sink as captured } from './cli-in-process.js';

function sink(isTTY: boolean) {
  const { stream, text } = captured();
  return { stream: Object.assign(stream, { isTTY, columns: 60 }), text };
}

describe('progress bar', () => {
  it('draws in place on a terminal and erases itself at the end', () => {
    let t = 0;
    const { stream, text } = sink(true);
    const bar = createProgressBar({ stream, total: 2, label: 'crawl', now: () => (t += 1000) });
    bar.tick('a.example');
    bar.tick('b.example');
    bar.done();
    expect(text()).toContain('crawl [############------------] 1/2 a.example');
    expect(text()).toContain('2/2 b.example');
    expect(text().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('writes nothing when the stream is not a terminal, and strips control characters from notes', () => {
    const piped = sink(false);
    const bar = createProgressBar({ stream: piped.stream, total: 1 });
    bar.tick('x');
    bar.done();
    expect(piped.text()).toBe('');
    const tty = sink(true);
    createProgressBar({ stream: tty.stream, total: 1 }).tick('evil\u001b[31m.example');
    expect(tty.text()).not.toContain('\u001b[31m');
  });
});

describe('status line', () => {
  it('redraws in place on a terminal, keeps notes above it, and erases itself at the end', () => {
    let t = 0;
    const { stream, text } = sink(true);
    const status = createStatusLine({ stream, now: () => (t += 50) });
    status.update('crawl 1/3 done');
    status.update('crawl 2/3 done');
    status.note('warning: Redis unreachable');
    status.update('crawl 3/3 done', true);
    status.done();
    expect(text()).toContain('\r\u001b[2Kcrawl 1/3 done');
    // Within the interval: skipped, unless forced.
    expect(text()).not.toContain('crawl 2/3 done');
    expect(text()).toContain('\r\u001b[2Kwarning: Redis unreachable\n\r\u001b[2Kcrawl 1/3 done');
    expect(text()).toContain('crawl 3/3 done');
    expect(text().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('writes a plain line now and then when the stream is not a terminal', () => {
    let t = 0;
    const { stream, text } = sink(false);
    const status = createStatusLine({ stream, plainIntervalMs: 5_000, now: () => t });
    status.update('first');
    t = 1_000;
    status.update('too soon');
    t = 6_000;
    status.update('later\u001b[31m');
    status.note('a note');
    status.done();
    expect(text()).toBe('first\nlater[31m\na note\n'.replace('[31m', printable('\u001b[31m')));
  });
});

describe('table', () => {
  it('aligns columns, prints - for empty cells, cuts long cells and removes control characters', () => {
    const out = formatTable(
      ['a', 'bb'],
      [
        ['x', undefined],
        ['long\nvalue', 'y'.repeat(80)],
      ],
      { maxCellWidth: 10 },
    );
    expect(out.split('\n')).toEqual([
      'a           bb',
      '----------  ----------',
      'x           -',
      'long value  yyyyyyyyy…',
      '',
    ]);
  });
});

describe('printable', () => {
  it('turns terminal control sequences from remote text into spaces', () => {
    // An error message carrying ANSI escapes must not recolour or rewrite the user's terminal.
    expect(printable('bad card\u001b[2J\u001b[31mnot red\r\nnext\u009b')).toBe(
      'bad card [2J [31mnot red next ',
    );
    expect(printable('plain text, ünïcødé')).toBe('plain text, ünïcødé');
  });
});

describe('live view', () => {
  const io = (tty: boolean, columns: number) => {
    const stdout = sink(tty);
    const stderr = sink(tty);
    Object.assign(stderr.stream, { columns });
    return { stdout, stderr, io: { stdout: stdout.stream, stderr: stderr.stream, stdin: process.stdin } };
  };

  it('on a terminal: results on stdout at once, the status redrawn below them, erased at the end', () => {
    const t = io(true, 0);
    const view = createLiveView(t.io, false);
    view.status('discover: 0/2 done, 0 found; pending: a.example, b.example');
    view.result('a.example: found');
    view.status('discover: 1/2 done, 1 found; pending: b.example');
    view.done();
    expect(view.live).toBe(true);
    expect(t.stdout.text()).toBe('a.example: found\n');
    // A terminal that reports 0 columns still gets the whole status line (80 columns), not 10 characters.
    expect(t.stderr.text()).toContain('discover: 0/2 done, 0 found; pending: a.example, b.example');
    expect(t.stderr.text()).toContain('discover: 1/2 done, 1 found; pending: b.example');
    expect(t.stderr.text().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('piped or with --json: nothing at all until the command prints its results itself', () => {
    for (const [tty, json] of [
      [false, false],
      [true, true],
    ] as const) {
      const t = io(tty, 80);
      const view = createLiveView(t.io, json);
      view.status('discover: 0/1 done');
      view.result('a.example: found');
      view.done();
      expect(view.live).toBe(false);
      expect(t.stdout.text() + t.stderr.text()).toBe('');
    }
  });

  it('lists at most three pending names', () => {
    expect(pendingList(['a', 'b', 'c', 'd', 'e'])).toBe('pending: a, b, c (+2 more)');
    expect(pendingList([])).toBe('');
  });
});
