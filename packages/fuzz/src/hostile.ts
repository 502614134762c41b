// Hostile inputs at the sizes real ones have: what a stranger's page, robots.txt, AGIS document or
// instruction can look like when it is written to make a parser slow. Shared by `pnpm fuzz` and `pnpm bench`.
import { fill } from './arbitraries.js';

/** A named hostile input. */
export interface HostileInput {
  name: string;
  text: string;
}

const PRODUCT = '<div itemscope itemtype="https://schema.org/Product">';

/**
 * Pages of `size` characters: deep nesting of several tag shapes (each tag left open), unclosed elements,
 * giant attributes, unterminated or deeply nested JSON-LD, microdata floods.
 */
export function hostilePages(size: number): HostileInput[] {
  const jsonLd = '<script type="application/ld+json">';
  return [
    { name: 'nested <div>', text: fill('<div>', size) },
    { name: 'nested <span><b><i>', text: fill('<span><b><i>', size) },
    { name: 'nested <table><tr><td>', text: fill('<table><tr><td>', size) },
    { name: 'nested <ul><li>', text: fill('<ul><li>', size) },
    { name: 'nested <svg><g>', text: fill('<svg><g>', size) },
    { name: 'nested <a href><em>', text: fill('<a href="/x"><em>', size) },
    { name: 'stray end tags in deep nesting', text: fill('<div>', size / 2) + fill('</x>', size / 2) },
    { name: 'unclosed comment', text: `<!--${fill('<div>', size - 4)}` },
    { name: 'giant attribute', text: `<div data-x="${fill('x', size - 16)}">` },
    { name: 'thousands of attributes', text: `<div ${fill('a=b ', size - 6)}>` },
    {
      name: 'unterminated JSON-LD string',
      text: `${jsonLd}{"@type":"Product","sku":"U","description":"${fill('x', size - 80)}`,
    },
    { name: 'JSON-LD nested 1 MB deep', text: `${jsonLd}${fill('[', size - 40)}</script>` },
    {
      name: 'JSON-LD comment openers',
      text: `${jsonLd}{"@type":"Product"}${fill('<!--', size - 60)}</script>`,
    },
    { name: 'nested microdata items', text: fill('<div itemscope itemprop="offers">', size) },
    { name: 'nested text properties', text: PRODUCT + fill('<span itemprop="sku">x ', size - 60) },
    {
      name: 'itemref fan-out',
      text: `<div id="big">${fill('<b itemprop="sku">1</b>', size / 2)}</div>${fill(`${PRODUCT.replace('>', ' itemref="big">')}</div>`, size / 2)}`,
    },
    {
      name: 'entity flood in a property',
      text: PRODUCT + '<b itemprop="name">' + fill('&amp;&#1;&lt;', size - 80),
    },
  ];
}

/** A robots.txt of `size` characters of wildcard rules, several shapes, and a plain one for comparison. */
export function hostileRobots(size: number): HostileInput[] {
  const rules = (make: (i: number) => string): string => {
    const lines = ['User-agent: *'];
    let length = 14;
    for (let i = 0; length < size; i++) {
      const line = make(i);
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  };
  return [
    {
      name: 'issue: long star chains',
      text: fill(`User-agent: *\nDisallow: ${'/a*'.repeat(5000)}\nAllow: /${'*a'.repeat(2500)}\n`, size),
    },
    { name: 'one star, distinct needles', text: rules((i) => `Disallow: /*x${i}`) },
    { name: 'needles that start like the path', text: rules((i) => `Disallow: /*ab${i}`) },
    { name: 'long needles', text: rules((i) => `Allow: /*${'a'.repeat(60)}b${i}`) },
    { name: 'star runs with $', text: rules((i) => `Disallow: /${'*a'.repeat(20)}${i}$`) },
  ];
}

/** The plain robots.txt the wildcard ones are compared with: `size` characters of literal path rules. */
export function plainRobots(size: number): string {
  const lines = ['User-agent: *'];
  let length = 14;
  for (let i = 0; length < size; i++) {
    const line = `Disallow: /catalog/section-${i}/item`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/** An AGIS service in YAML with `endpoints` endpoints (a legitimate large document). */
export function largeAgisYaml(endpoints: number): string {
  const lines = [
    'agis: "1.0"',
    'service: "Bulk Bookings"',
    'agtp: "agtp://bulk.example"',
    'description: "Many endpoints"',
    'version: "1.0.0"',
    'endpoints:',
  ];
  const verbs: string[] = [];
  for (let i = 0; i < endpoints; i++) {
    const verb = `BOOK${String.fromCharCode(65 + (i % 26))}`;
    if (!verbs.includes(verb)) verbs.push(verb);
    lines.push(
      `  - method: ${verb}`,
      `    path: /reservation${i}`,
      '    semantic:',
      `      intent: "Books reservation number ${i} for a party at a restaurant."`,
      '      actor: agent',
      '      outcome: "A reservation is created."',
      '      impact_tier: reversible',
      '    input:',
      '      type: object',
      '      properties:',
      '        party_size: {type: integer, minimum: 1, maximum: 20}',
      '        datetime: {type: string, format: date-time}',
      '      required: [party_size]',
      '    output: {type: object, properties: {id: {type: string}}}',
      '    errors: [{name: reservation_unavailable}]',
    );
  }
  lines.push('vocabulary:', '  domain: hospitality', `  declared_verbs: [${verbs.join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** AGIS documents of about `size` characters written to be slow: every shape stays inside the default limits. */
export function hostileAgis(size: number): HostileInput[] {
  const header = 'agis: "1.0"\nservice: x\nagtp: "agtp://x"\nendpoints:\n';
  const keys = Array.from({ length: 990 }, (_, i) => `    k${i}: ${i}`).join('\n');
  return [
    { name: 'many endpoints', text: largeAgisYaml(Math.max(1, Math.floor(size / 560))) },
    {
      name: 'mappings of 990 keys',
      text: header + fill(`  - method: FIND\n    path: /x\n    semantic:\n${keys}\n`, size),
    },
    {
      name: 'nesting 60 deep, repeated',
      text:
        header +
        fill(
          `  - method: FIND\n${Array.from({ length: 58 }, (_, d) => `${'  '.repeat(d + 2)}k:`).join('\n')} 1\n`,
          size,
        ),
    },
    { name: 'long lines of flow lists', text: header + fill(`  - [${fill('a, ', 16_000)}]\n`, size) },
    {
      name: 'colons and dashes in long plain scalars',
      text: header + fill(`  - intent: ${fill('x - y ', 12_000)}\n`, size),
    },
    {
      name: 'JSON with 990-key objects',
      text: JSON.stringify({
        agis: '1.0',
        endpoints: [],
        vocabulary: Object.fromEntries(
          Array.from({ length: 990 }, (_, i) => [`k${i}`, fill('v', Math.max(1, size / 2000))]),
        ),
      }),
    },
    {
      name: 'brace notation, long quoted multi-line strings',
      text: `endpoints:\n  FIND /x {\n    semantic {\n      intent: "${fill('word \n ', size - 80)}"\n    }\n  }\n`,
    },
  ];
}

/** Instructions of `length` characters: repeated dates, weekdays, numbers, identifiers, words. */
export function hostileInstructions(length: number): HostileInput[] {
  return [
    { name: 'midnight', text: fill('midnight ', length) },
    { name: 'weekday before dates', text: fill('monday june 8 ', length) },
    { name: 'mañana', text: fill('mañana ', length) },
    { name: 'may', text: fill('in may ', length) },
    { name: 'numbers and times', text: fill('for 2 at 8pm 12:30 ', length) },
    { name: 'identifiers', text: fill('PW555000111 ', length) },
    { name: 'ISO date-times', text: fill('2030-05-06T19:00:00+02:00 ', length) },
    { name: 'numeric dates and separators', text: fill('06/05/2030 1/2/3/4/5.6.7-8-9 ', length) },
    { name: 'time ranges', text: fill('between 7 and 9 from 3 to 4pm 7-9pm ', length) },
    { name: 'digits and colons', text: fill('1:2:3:4 ', length) },
    { name: 'lowercase names after at', text: fill('at copper-pot shop 24 ', length) },
    { name: 'one long word', text: fill('x', length) },
    { name: 'punctuation', text: fill('?!.,;:()"\'', length) },
  ];
}
