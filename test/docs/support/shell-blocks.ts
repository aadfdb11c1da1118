/**
 * The shell blocks of a Markdown page, as the doc-runner test runs them (pure, no I/O).
 *
 * - A fenced block whose info string starts with `sh`, `bash` or `shell` is a command a reader
 *   runs. Every such block runs, unless the nearest non-blank line above its fence is
 *   `<!-- doc-runner: skip (reason) -->`: the reason says why it cannot run against the test
 *   runtime (it deploys, needs the cloud, takes minutes, or is the test run itself).
 * - A `curl` whose output the reader sees (not captured by `$(…)`, not piped) must show its
 *   status (`-w '\n%{http_code}\n'`, or `-i`) and be followed by a comment `# NNN …` naming the
 *   status the docs promise; the runner checks the status that curl got (its last call, when a
 *   loop runs it several times) against it.
 */
export interface ShellBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  text: string;
  /** Why the block does not run (the skip marker's reason), when it does not. */
  skip?: string;
  /** A skip marker without a reason. */
  badMarker?: boolean;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)?.*$/;
const MARKER = /^<!--\s*doc-runner:\s*skip\b\s*(.*?)\s*-->$/;

/** Every shell block of `markdown`, in page order. */
export function shellBlocks(file: string, markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index] as string);
    if (!open) continue;
    const [, indent = '', fence = '', language = ''] = open;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      const line = lines[end] as string;
      if (line.trim().startsWith(fence[0] as string) && line.trim().replace(/\s+$/, '') === fence) break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (SHELL_LANGUAGES.has(language)) {
      let above = index - 1;
      while (above >= 0 && (lines[above] as string).trim() === '') above--;
      const marker = above >= 0 ? MARKER.exec((lines[above] as string).trim()) : null;
      const reason = marker?.[1]?.replace(/^[(:—-]\s*|\s*\)$/g, '').trim();
      blocks.push({
        file,
        line: index + 1,
        language,
        text: `${body.join('\n')}\n`,
        ...(marker ? { skip: reason || '(no reason given)', badMarker: !reason } : {}),
      });
    }
    index = end;
  }
  return blocks;
}

export interface CurlCall {
  /** 1-based line within the block's text. */
  line: number;
  /** Where `curl` starts in the block's text. */
  offset: number;
  /** The command from `curl` to its end (continuation lines joined). */
  command: string;
  /** Its output is captured (`$(curl …)`) or piped into another command: the reader does not see it. */
  consumed: boolean;
  /** It prints the status: `-w` with `%{http_code}`, or `-i` / `--include`. */
  showsStatus: boolean;
  /** The status the comment after it promises. */
  expected?: number;
}

/** Where the command that starts at `from` ends: an unquoted newline (no `\` before it), `|`, `;`, `&&` or `)`. */
function commandEnd(text: string, from: number): { end: number; piped: boolean } {
  let quote: string | undefined;
  for (let at = from; at < text.length; at++) {
    const char = text[at] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') at++;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '\\') at++;
    else if (char === '|' && text[at + 1] !== '|') return { end: at, piped: true };
    else if (char === '\n' || char === ';' || char === ')' || (char === '&' && text[at + 1] === '&')) {
      return { end: at, piped: false };
    }
  }
  return { end: text.length, piped: false };
}

const STATUS_COMMENT = /^\s*#\s+(?:HTTP\/[\d.]+\s+)?(\d{3})\b/;

/** Every `curl` of a block's text, in order, with what it shows and the status its comment promises. */
export function curlCalls(text: string): CurlCall[] {
  const calls: CurlCall[] = [];
  const pattern = /(^|[\s($])curl\s/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + (match[1] as string).length;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const before = text.slice(lineStart, start);
    if (before.trimStart().startsWith('#')) continue;
    const { end, piped } = commandEnd(text, start);
    const command = text.slice(start, end);
    const line = text.slice(0, start).split('\n').length;
    const nextLines = text.slice(text.indexOf('\n', end - 1) + 1).split('\n');
    let expected: number | undefined;
    for (const next of nextLines) {
      if (next.trim() === '') continue;
      const status = STATUS_COMMENT.exec(next);
      if (status) expected = Number(status[1]);
      break;
    }
    calls.push({
      line,
      offset: start,
      command,
      consumed: piped || /\$\(\s*$/.test(before),
      showsStatus:
        /%\{http_code\}/.test(command) || /(^|\s)(-[a-zA-Z]*i[a-zA-Z]*|--include)(\s|$)/.test(command),
      ...(expected === undefined ? {} : { expected }),
    });
  }
  return calls;
}
