/**
 * solc source maps (docs.soliditylang.org, "Source Mappings"): the runtime code's map names, per
 * instruction, the source range `s:l:f:j:m` it came from; an empty field repeats the previous
 * entry's. A program counter is a byte offset, so it is first turned into the instruction's index
 * by walking the code (a PUSHn's n data bytes are no instructions). Pure functions, tested through
 * the call tree (tests/server/api/callTree.test.ts).
 */

export interface SourceRange {
  /** Byte offset in the source file (UTF-8). */
  start: number;
  length: number;
  /** The source's id (CompileResult.sourceIds); -1 when the compiler made the code itself. */
  file: number;
  /** The jump kind: 'i' into a function, 'o' out of one, '-' any other instruction. */
  jump: string;
}

/**
 * The index of the instruction at byte `pc` of `code` (hex, with or without 0x; link placeholders
 * only ever sit in PUSH20 data), or null when `pc` is inside PUSH data or past the end.
 */
export function instructionIndex(code: string, pc: number): number | null {
  const hex = code.startsWith('0x') ? code.slice(2) : code;
  const size = hex.length / 2;
  let index = 0;
  for (let at = 0; at < size; index++) {
    if (at === pc) return index;
    if (at > pc) return null;
    const op = parseInt(hex.slice(at * 2, at * 2 + 2), 16);
    at += op >= 0x60 && op <= 0x7f ? op - 0x5f + 1 : 1;
  }
  return null;
}

/** The opcode at byte `pc` of `code` (hex, with or without 0x), or null past the end. */
export function opcodeAt(code: string, pc: number): number | null {
  const hex = code.startsWith('0x') ? code.slice(2) : code;
  const op = parseInt(hex.slice(pc * 2, pc * 2 + 2), 16);
  return Number.isNaN(op) ? null : op;
}

/** The entry of instruction `index` of a compressed source map, or null past its end. */
export function sourceRangeAt(sourceMap: string, index: number): SourceRange | null {
  const entries = sourceMap.split(';');
  if (index < 0 || index >= entries.length) return null;
  let start = -1;
  let length = -1;
  let file = -1;
  let jump = '-';
  for (let i = 0; i <= index; i++) {
    const [s, l, f, j] = (entries[i] ?? '').split(':');
    if (s !== undefined && s !== '') start = Number(s);
    if (l !== undefined && l !== '') length = Number(l);
    if (f !== undefined && f !== '') file = Number(f);
    if (j !== undefined && j !== '') jump = j;
  }
  return start < 0 ? null : { start, length, file, jump };
}

/** 1-based line and column of a UTF-8 byte offset in `content`, and the line's text. */
export function lineAt(content: string, byteOffset: number): { line: number; column: number; text: string } | null {
  const bytes = Buffer.from(content, 'utf8');
  if (byteOffset < 0 || byteOffset > bytes.length) return null;
  const before = bytes.subarray(0, byteOffset).toString('utf8');
  const lines = before.split('\n');
  const line = lines.length;
  const column = (lines[lines.length - 1] ?? '').length + 1;
  const text = content.split('\n')[line - 1] ?? '';
  return { line, column, text: text.trim().slice(0, 200) };
}
