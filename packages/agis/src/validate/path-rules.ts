import { verbInfo } from '../lexicon/index.js';
import { type MethodFinding, PROHIBITED_HTTP_METHODS } from './method-rules.js';

// CRUD words that name an operation whenever they appear in a path, even though some are also nouns.
const CRUD_WORDS = new Set([
  ...[...PROHIBITED_HTTP_METHODS].map((m) => m.toLowerCase()),
  'create',
  'update',
  'fetch',
  'remove',
  'insert',
  'upsert',
  'modify',
  'retrieve',
  'edit',
]);

/** True when a path word is used as a verb: a CRUD word, or a WordNet verb that has no noun sense. */
function isVerbWord(word: string): boolean {
  if (CRUD_WORDS.has(word)) return true;
  const info = verbInfo(word);
  return info !== null && info.lemma === word && info.source === 'wordnet' && info.nounSenses === 0;
}

/** Pass 4 findings for one path of an endpoint whose method is `method`. */
export function checkPath(path: string, method: string | undefined): MethodFinding[] {
  const out: MethodFinding[] = [];
  const p = JSON.stringify(path);
  if (!path.startsWith('/')) {
    out.push({
      rule: 'path.leading-slash',
      message: `Path ${p} must begin with "/" (e.g. /${path.replace(/^\/*/, '')}).`,
    });
  }
  if (/[?#]/.test(path)) {
    out.push({
      rule: 'path.query-string',
      message: `Path ${p} contains a query string or fragment; declare variable inputs in the input JSON Schema instead.`,
    });
  }
  const clean = path.replace(/[?#].*$/, '').replace(/^\//, '');
  const segments = clean === '' ? [] : clean.split('/');
  if (segments.length === 0) {
    out.push({
      rule: 'path.no-entity',
      message: `Path ${p} names no entity; start with a noun segment such as /reservation.`,
    });
    return out;
  }
  const verb = method?.toLowerCase();
  segments.forEach((seg, i) => {
    if (seg === '') {
      out.push({
        rule: 'path.empty-segment',
        message: `Path ${p} has an empty segment ("//" or a trailing "/").`,
      });
      return;
    }
    if (seg.includes('{') || seg.includes('}') || seg.startsWith(':')) {
      if (!/^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(seg)) {
        out.push({
          rule: 'path.parameter-syntax',
          message: `Path segment ${JSON.stringify(seg)} must be a whole-segment parameter in curly braces, e.g. {reservation_id}.`,
        });
      } else if (i === 0) {
        out.push({
          rule: 'path.first-segment-noun',
          message: `Path ${p} starts with a parameter; the first segment must be a noun naming the entity (e.g. /reservation/{id}).`,
        });
      }
      return;
    }
    if (/[A-Z]/.test(seg)) {
      out.push({
        rule: 'path.lowercase',
        message: `Path segment ${JSON.stringify(seg)} must be lowercase; separate words with hyphens (e.g. ${seg
          .replace(/([a-z])([A-Z])/g, '$1-$2')
          .toLowerCase()}).`,
      });
    } else if (seg.includes('_')) {
      out.push({
        rule: 'path.separator',
        message: `Path segment ${JSON.stringify(seg)} joins words with "_"; use hyphens (${seg.replaceAll('_', '-')}).`,
      });
    } else if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(seg)) {
      out.push({
        rule: 'path.characters',
        message: `Path segment ${JSON.stringify(seg)} may contain only lowercase letters, digits and single hyphens.`,
      });
    }
    const words = seg
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .split(/[-_]/)
      .filter(Boolean);
    if (verb && words.includes(verb)) {
      out.push({
        rule: 'path.duplicates-verb',
        message: `Path segment ${JSON.stringify(seg)} repeats the method verb ${method}; name only the entity (e.g. ${method} /${words.filter((w) => w !== verb).join('-') || 'entity'}).`,
      });
    } else {
      // Multi-word segments are noun phrases whose first word may be a verb or adjective homograph
      // (time-off, direct-deposit, drop-off-point): only CRUD words are judged there.
      const verbWord = words.length === 1 ? words.find(isVerbWord) : words.find((w) => CRUD_WORDS.has(w));
      if (verbWord) {
        out.push({
          rule: 'path.verb-segment',
          message: `Path segment ${JSON.stringify(seg)} contains the verb "${verbWord}"; the method carries the action and the path names the entity.`,
        });
      }
    }
  });
  return out;
}
