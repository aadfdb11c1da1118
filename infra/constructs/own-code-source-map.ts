import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * A bundle's source map reduced to the service's own code.
 *
 * Lambda runs every function with `--enable-source-maps`, and Node reads and parses the whole
 * map when it loads the bundle, so every mapping costs on every cold start. Most of a bundle is
 * npm packages (the AWS SDK first), whose positions nobody reads in a stack trace: the frames
 * that explain a failure are the service's own. This keeps the mappings of files outside
 * `node_modules` and marks where each run of package code starts as unmapped (a one-field
 * segment, as the source map format defines), so a frame inside a package keeps its bundle
 * position (`index.mjs:1:12345`) instead of borrowing the last own-code line before it.
 */
export interface SourceMapV3 {
  version: 3;
  sources: string[];
  names: string[];
  mappings: string;
  sourcesContent?: (string | null)[];
  sourceRoot?: string;
  file?: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`not a source map mapping character: ${char}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return fields;
}

function encodeField(field: number): string {
  let value = field < 0 ? -field * 2 + 1 : field * 2;
  let text = '';
  do {
    let digit = value % 32;
    value = Math.floor(value / 32);
    if (value > 0) digit |= 32;
    text += BASE64[digit];
  } while (value > 0);
  return text;
}

/** `[generatedColumn, source?, line?, column?, name?]` with absolute values. */
type Segment = number[];

function decodeMappings(mappings: string): Segment[][] {
  const state = [0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    let column = 0;
    if (line === '') return [];
    return line.split(',').map((text) => {
      const fields = decodeSegment(text);
      column += fields[0]!;
      const segment = [column];
      for (let i = 1; i < fields.length; i++) {
        state[i - 1]! += fields[i]!;
        segment.push(state[i - 1]!);
      }
      return segment;
    });
  });
}

function encodeMappings(lines: Segment[][]): string {
  const state = [0, 0, 0, 0];
  return lines
    .map((segments) => {
      let column = 0;
      return segments
        .map((segment) => {
          let text = encodeField(segment[0]! - column);
          column = segment[0]!;
          for (let i = 1; i < segment.length; i++) {
            text += encodeField(segment[i]! - state[i - 1]!);
            state[i - 1] = segment[i]!;
          }
          return text;
        })
        .join(',');
    })
    .join(';');
}

export const isPackageSource = (source: string) => /(^|[\\/])node_modules[\\/]/.test(source);

export function keepOwnCodeMappings(map: SourceMapV3): SourceMapV3 {
  const sourceIndex = new Map<number, number>();
  const nameIndex = new Map<number, number>();
  const sources: string[] = [];
  const names: string[] = [];
  const keep = map.sources.map((source) => !isPackageSource(source));
  const lines = decodeMappings(map.mappings).map((segments) => {
    const kept: Segment[] = [];
    let unmapped = false;
    for (const segment of segments) {
      if (segment.length === 1 || !keep[segment[1]!]) {
        if (!unmapped) kept.push([segment[0]!]);
        unmapped = true;
        continue;
      }
      unmapped = false;
      const [column, source, line, sourceColumn, name] = segment as [number, number, number, number, number?];
      if (!sourceIndex.has(source)) sourceIndex.set(source, sources.push(map.sources[source]!) - 1);
      const renamed: Segment = [column, sourceIndex.get(source)!, line, sourceColumn];
      if (name !== undefined) {
        if (!nameIndex.has(name)) nameIndex.set(name, names.push(map.names[name]!) - 1);
        renamed.push(nameIndex.get(name)!);
      }
      kept.push(renamed);
    }
    return kept;
  });
  const { sourcesContent: _content, ...rest } = map;
  return { ...rest, sources, names, mappings: encodeMappings(lines) };
}

/** Rewrites a map file in place. */
export function keepOwnCodeMappingsInFile(file: string): void {
  const map = JSON.parse(readFileSync(file, 'utf8')) as SourceMapV3;
  writeFileSync(file, JSON.stringify(keepOwnCodeMappings(map)));
}

// The construct's bundling runs this file after esbuild: `tsx own-code-source-map.ts <map file>`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of process.argv.slice(2)) keepOwnCodeMappingsInFile(file);
}
