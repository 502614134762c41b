import { foldText } from '../../text.js';

/** A calendar date (local). */
export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A date or time found in text, in order of appearance. */
export interface TemporalMention {
  readonly kind: 'date' | 'time';
  readonly index: number;
  readonly end: number;
  readonly date?: DateParts;
  readonly hour?: number;
  readonly minute?: number;
}

const WEEKDAYS: Readonly<Record<string, number>> = {
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  domingo: 0,
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
  dimanche: 0,
  lundi: 1,
  mardi: 2,
  mercredi: 3,
  jeudi: 4,
  vendredi: 5,
  samedi: 6,
  sonntag: 0,
  montag: 1,
  dienstag: 2,
  mittwoch: 3,
  donnerstag: 4,
  freitag: 5,
  samstag: 6,
  sonnabend: 6,
};

const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
  janvier: 1,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
  januar: 1,
  februar: 2,
  marz: 3,
  juni: 6,
  juli: 7,
  oktober: 10,
  dezember: 12,
};

const MONTH_NAMES = Object.keys(MONTHS).join('|');
const MONTH_DAY = new RegExp(
  `\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s*(\\d{4}))?`,
  'g',
);
const DAY_MONTH = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th|er|\\.)?\\s+(?:de\\s+)?(${MONTH_NAMES})\\b(?:\\s+(?:de\\s+)?(\\d{4}))?`,
  'g',
);

const RELATIVE_DAYS: Readonly<Record<string, number>> = {
  today: 0,
  tonight: 0,
  tomorrow: 1,
  yesterday: -1,
  hoy: 0,
  manana: 1,
  ayer: -1,
  "aujourd'hui": 0,
  aujourd: 0,
  demain: 1,
  hier: -1,
  heute: 0,
  morgen: 1,
  gestern: -1,
};

/** Local calendar date of `now` shifted by `days`. */
export function addDays(now: Date, days: number): DateParts {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

function weekdayDate(now: Date, target: number, next: boolean): DateParts {
  let delta = (target - now.getDay() + 7) % 7;
  // "next Tuesday" said on a Monday means the Tuesday of next week, not tomorrow.
  if (next) delta += delta <= 1 ? 7 : 0;
  return addDays(now, delta);
}

// Abbreviations that are also common English words.
const AMBIGUOUS_ABBREVIATIONS = new Set(['sun', 'sat', 'wed', 'mon', 'mar']);

const EVENING = /\b(?:tonight|evening|dinner|night|noche|soir|abend|pm)\b/;
const MORNING = /\b(?:morning|breakfast|manana por la|matin|morgens|vormittag|am)\b/;

function hourFromClock(h: number, meridiem: string | undefined, context: string): number {
  if (meridiem === 'pm' || meridiem === 'p.m.') return h === 12 ? 12 : h + 12;
  if (meridiem === 'am' || meridiem === 'a.m.') return h === 12 ? 0 : h;
  if (h >= 13 || h === 0) return h;
  if (EVENING.test(context)) return h < 12 ? h + 12 : h;
  if (MORNING.test(context)) return h;
  // Bare hours in everyday requests: 1-7 are afternoon/evening, 8-12 morning.
  return h <= 7 ? h + 12 : h;
}

const MAY_CUES = new Set(['in', 'for', 'of', 'since', 'until', 'from']);

/**
 * The word that ends just before `index` with only whitespace between (`undefined` when there is none). It
 * looks back over that whitespace and word only, never the whole text before `index`.
 */
function wordBefore(text: string, index: number): string | undefined {
  let end = index;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (end === index) return undefined;
  let start = end;
  while (start > 0 && /\w/.test(text[start - 1]!)) start--;
  return start < end ? text.slice(start, end) : undefined;
}

/** Finds dates and clock times in an instruction, relative to `now` (local time). */
export function findTemporal(text: string, now: Date): TemporalMention[] {
  const t = foldText(text);
  const out: TemporalMention[] = [];
  const year = now.getFullYear();
  const push = (m: TemporalMention) => out.push(m);

  for (const m of t.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    push({
      kind: 'date',
      index: m.index,
      end: m.index + m[0].length,
      date: { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) },
    });
  }
  // "March 5" and "5 March" differ only in which group holds the month name.
  for (const [re, monthGroup, dayGroup] of [
    [MONTH_DAY, 1, 2],
    [DAY_MONTH, 2, 1],
  ] as const) {
    for (const m of t.matchAll(re)) {
      const month = MONTHS[m[monthGroup] ?? ''] ?? 0;
      const day = Number(m[dayGroup]);
      if (day >= 1 && day <= 31)
        push({
          kind: 'date',
          index: m.index,
          end: m.index + m[0].length,
          date: { year: m[3] ? Number(m[3]) : year, month, day },
        });
    }
  }
  for (const m of t.matchAll(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\b/g)) {
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31)
      push({
        kind: 'date',
        index: m.index,
        end: m.index + m[0].length,
        date: { year: m[3] ? Number(m[3]) : year, month, day },
      });
  }
  // Characters inside a date found so far, and where explicit dates start: O(1) questions per word, where
  // scanning every mention per word made an instruction of many dates quadratic.
  const inDate = new Uint8Array(t.length + 1);
  const explicitStart = new Uint8Array(t.length + 1);
  for (const o of out) {
    inDate.fill(1, o.index, o.end);
    explicitStart[o.index] = 1;
  }
  const markDate = (o: TemporalMention) => {
    push(o);
    inDate.fill(1, o.index, o.end);
  };
  const covered = (i: number) => inDate[i] === 1;
  for (const m of t.matchAll(/\b(next|this|coming|proximo|prochain|nachsten)?\s*([a-z]+)\b/g)) {
    const word = m[2] ?? '';
    const idx = m.index + m[0].length - word.length;
    if (covered(idx)) continue;
    if (Object.hasOwn(WEEKDAYS, word) && !AMBIGUOUS_ABBREVIATIONS.has(word)) {
      const wd = WEEKDAYS[word] ?? 0;
      // "Monday June 8": the weekday only restates the explicit date after it.
      const after = idx + word.length;
      if (explicitStart.subarray(after + 1, after + 4).includes(1)) continue;
      markDate({
        kind: 'date',
        index: idx,
        end: idx + word.length,
        date: weekdayDate(
          now,
          wd,
          m[1] === 'next' || m[1] === 'proximo' || m[1] === 'prochain' || m[1] === 'nachsten',
        ),
      });
    } else if (Object.hasOwn(RELATIVE_DAYS, word)) {
      // "mañana por la mañana": only the first mañana is a day.
      if (word === 'manana' && wordBefore(t, idx) === 'la') continue;
      markDate({
        kind: 'date',
        index: idx,
        end: idx + word.length,
        date: addDays(now, RELATIVE_DAYS[word] ?? 0),
      });
    }
  }
  if (/\bce soir\b/.test(t)) {
    const i = t.indexOf('ce soir');
    markDate({ kind: 'date', index: i, end: i + 7, date: addDays(now, 0) });
  }

  const timeRe =
    /\b(\d{1,2})(?::(\d{2})|h(\d{2})?)?\s*(a\.m\.|p\.m\.|am|pm)?(?![\d%]|[.,]\d)|\b(noon|midday|midnight|mediodia|midi|mittag)\b/g;
  for (const m of t.matchAll(timeRe)) {
    const idx = m.index;
    if (covered(idx)) continue;
    if (m[5]) {
      push({
        kind: 'time',
        index: idx,
        end: idx + m[0].length,
        hour: m[5] === 'midnight' ? 0 : 12,
        minute: 0,
      });
      continue;
    }
    const h = Number(m[1]);
    const minute = Number(m[2] ?? m[3] ?? 0);
    const explicitClock = m[2] !== undefined || m[0].includes('h') || m[4] !== undefined;
    const before = t.slice(Math.max(0, idx - 12), idx);
    const cue = /\b(?:at|around|until|to|@|a las|vers|um|gegen)\s*$/.test(before);
    if (!explicitClock && !cue) continue;
    if (h > 23 || minute > 59) continue;
    // "to 4:30" after a date-free context and numbers like "for 2 at" are not times unless cued.
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 24);
    if (/^\s+[a-z]+\s+(?:st|street|ave|avenue|rd|road|lane|ln|dr|drive|blvd|way|court|ct)\b/.test(after))
      continue;
    if (
      !explicitClock &&
      /^\s*(?:people|persons?|guests?|of us|kg|days?|hours?|minutes?|stars?|bed|bath)/.test(after)
    )
      continue;
    const ctx = t.slice(Math.max(0, idx - 40), idx + m[0].length + 30);
    push({ kind: 'time', index: idx, end: idx + m[0].length, hour: hourFromClock(h, m[4], ctx), minute });
  }
  return out.sort((a, b) => a.index - b.index);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** YYYY-MM-DD. */
export function formatDate(d: DateParts): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** HH:MM. */
export function formatTime(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

/** Local YYYY-MM-DDTHH:MM. */
export function formatDateTime(d: DateParts, hour: number, minute: number): string {
  return `${formatDate(d)}T${formatTime(hour, minute)}`;
}

/** A calendar month (local). */
export interface MonthParts {
  readonly year: number;
  readonly month: number;
}

const MONTH_ONLY = new RegExp(
  `\\b(${Object.keys(MONTHS)
    .filter((m) => m.length >= 4 || m === 'may')
    .join('|')})\\b(?:'s)?(?!\\s*\\d{1,2}(?:st|nd|rd|th)?\\b(?!\\d))(?:,?\\s+(\\d{4}))?`,
  'g',
);

/**
 * Months named without a day ("March 2026", "April's", "last month"), in order. Months without a
 * year are in the year of `now`.
 */
export function findMonths(text: string, now: Date): MonthParts[] {
  const t = foldText(text);
  const out: Array<MonthParts & { index: number }> = [];
  for (const m of t.matchAll(/\b(last|previous|this|current|next)\s+month\b/g)) {
    const delta = m[1] === 'next' ? 1 : m[1] === 'this' || m[1] === 'current' ? 0 : -1;
    const d = new Date(now.getFullYear(), now.getMonth() + delta, 1);
    out.push({ year: d.getFullYear(), month: d.getMonth() + 1, index: m.index });
  }
  for (const m of t.matchAll(MONTH_ONLY)) {
    const name = m[1] ?? '';
    // "may" is mostly the modal verb: only a month with a year or after "in/for/of/since".
    if (name === 'may' && !m[2] && !MAY_CUES.has(wordBefore(t, m.index) ?? '')) continue;
    out.push({ year: m[2] ? Number(m[2]) : now.getFullYear(), month: MONTHS[name] ?? 1, index: m.index });
  }
  return out.sort((a, b) => a.index - b.index).map(({ year, month }) => ({ year, month }));
}

/** The Monday starting the week "this week" / "last week" / "next week" refers to, if stated. */
export function findWeekStart(text: string, now: Date): DateParts | undefined {
  const m = /\b(last|previous|this|current|next)\s+week\b/.exec(foldText(text));
  if (!m) return undefined;
  const delta = m[1] === 'next' ? 7 : m[1] === 'this' || m[1] === 'current' ? 0 : -7;
  const sinceMonday = (now.getDay() + 6) % 7;
  return addDays(now, delta - sinceMonday);
}

/** Last day of a month. */
export function lastDayOfMonth(m: MonthParts): number {
  return new Date(m.year, m.month, 0).getDate();
}

/** YYYY-MM. */
export function formatMonth(m: MonthParts): string {
  return `${m.year}-${pad(m.month)}`;
}
