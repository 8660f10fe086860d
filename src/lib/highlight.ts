/**
 * A small syntax highlighter for Solidity and JSON: one regular expression per language splits
 * the text into tokens (comments, strings, numbers, keywords, types, punctuation); everything else
 * stays plain. Output is a token list the CodeView renders as spans: no HTML strings, no eval.
 */
export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'type' | 'literal' | 'key' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const SOL_KEYWORDS = new Set([
  'pragma',
  'solidity',
  'import',
  'from',
  'as',
  'contract',
  'interface',
  'library',
  'abstract',
  'is',
  'function',
  'modifier',
  'event',
  'error',
  'struct',
  'enum',
  'mapping',
  'constructor',
  'fallback',
  'receive',
  'returns',
  'return',
  'if',
  'else',
  'for',
  'while',
  'do',
  'break',
  'continue',
  'emit',
  'revert',
  'require',
  'assert',
  'new',
  'delete',
  'try',
  'catch',
  'using',
  'public',
  'private',
  'internal',
  'external',
  'view',
  'pure',
  'payable',
  'constant',
  'immutable',
  'override',
  'virtual',
  'memory',
  'storage',
  'calldata',
  'indexed',
  'anonymous',
  'unchecked',
  'assembly',
  'type',
]);
const SOL_TYPE = /^(address|bool|string|bytes\d*|u?int\d*|fixed|ufixed)$/;
const SOL_LITERALS = new Set([
  'true',
  'false',
  'this',
  'super',
  'msg',
  'block',
  'tx',
  'wei',
  'gwei',
  'ether',
  'seconds',
  'minutes',
  'hours',
  'days',
  'weeks',
]);

const SOL_RE =
  /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|("(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?)|(\b0x[0-9a-fA-F]+\b|\b\d[\d_]*(?:\.\d+)?(?:e\d+)?\b)|([A-Za-z_$][\w$]*)/g;
const JSON_RE = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b)|\b(true|false|null)\b/g;

function push(out: Token[], kind: TokenKind, text: string): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last && last.kind === kind) last.text += text;
  else out.push({ kind, text });
}

export function tokenizeSolidity(code: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (const m of code.matchAll(SOL_RE)) {
    const i = m.index;
    push(out, 'plain', code.slice(at, i));
    const [whole, comment, str, num, word] = m;
    if (comment) push(out, 'comment', whole);
    else if (str) push(out, 'string', whole);
    else if (num) push(out, 'number', whole);
    else if (word && SOL_KEYWORDS.has(word)) push(out, 'keyword', whole);
    else if (word && SOL_TYPE.test(word)) push(out, 'type', whole);
    else if (word && SOL_LITERALS.has(word)) push(out, 'literal', whole);
    else push(out, 'plain', whole);
    at = i + whole.length;
  }
  push(out, 'plain', code.slice(at));
  return out;
}

export function tokenizeJson(text: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (const m of text.matchAll(JSON_RE)) {
    const i = m.index;
    push(out, 'plain', text.slice(at, i));
    const [whole, str, colon, num, lit] = m;
    if (str) {
      push(out, colon ? 'key' : 'string', str);
      if (colon) push(out, 'plain', colon);
    } else if (num) push(out, 'number', whole);
    else if (lit) push(out, 'literal', whole);
    at = i + whole.length;
  }
  push(out, 'plain', text.slice(at));
  return out;
}
