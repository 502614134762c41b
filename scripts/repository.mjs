// The canonical location of the repository (CONTRIBUTING.md names it too): every published package.json points
// here with `repository`, `homepage` and `bugs`, and README links that leave a package are absolute links to it.
export const REPOSITORY_URL = 'https://github.com/agentweb/agentweb';

/** The `repository`, `homepage` and `bugs` fields of the package in `packages/<dir>`. */
export function publishMetadata(dir) {
  return {
    repository: { type: 'git', url: `git+${REPOSITORY_URL}.git`, directory: `packages/${dir}` },
    homepage: `${REPOSITORY_URL}/tree/main/packages/${dir}#readme`,
    bugs: { url: `${REPOSITORY_URL}/issues` },
  };
}

/**
 * The relative links of a Markdown text (inline `[text](target)` and reference `[id]: target`), without the
 * fragment; absolute URLs, `mailto:` and in-page `#anchors` are left out.
 */
export function relativeLinks(markdown) {
  const targets = [
    ...[...markdown.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]),
  ];
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#') && !t.startsWith('//'))
    .map((t) => t.split('#')[0]);
}
