/**
 * The `data` of each event of a `text/event-stream` body, per the HTML event-stream rules that matter for MCP
 * Streamable HTTP: lines end in LF, CR or CRLF; `data:` lines of one event are joined with LF; a blank line ends
 * an event; comments and other fields are ignored. One pass over the text (linear time).
 */
export function parseSseData(text: string): string[] {
  const events: string[] = [];
  let data: string[] = [];
  let start = 0;
  const length = text.length;
  const flush = () => {
    if (data.length > 0) events.push(data.join('\n'));
    data = [];
  };
  while (start <= length) {
    let end = start;
    while (end < length && text[end] !== '\n' && text[end] !== '\r') end += 1;
    const line = text.slice(start, end);
    if (line === '') flush();
    else if (line.startsWith('data:')) data.push(line[5] === ' ' ? line.slice(6) : line.slice(5));
    else if (line === 'data') data.push('');
    if (end >= length) break;
    start = text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
  }
  flush();
  return events;
}
