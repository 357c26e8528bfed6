/**
 * A regex rule's value is written `/pattern/flags` (spec §5). Parsing compiles it once; a literal that does
 * not compile is null, so the definition schema rejects it and the engine never meets it.
 *
 * Flags g and y are dropped: they make RegExp.test stateful (lastIndex), which would let one candidate's
 * answer change the verdict on the next.
 */
const LITERAL = /^\/(.*)\/([a-z]*)$/s;
const ALLOWED_FLAGS = /^[dimsuv]*$/;

/** Created on first use, so importing this module costs nothing. */
let cache: Map<string, RegExp | null> | undefined;
const CACHE_MAX = 500;

function compile(literal: string): RegExp | null {
  const match = LITERAL.exec(literal);
  if (!match) return null;
  const [, pattern = '', rawFlags = ''] = match;
  const flags = rawFlags.replace(/[gy]/g, '');
  if (!ALLOWED_FLAGS.test(flags) || new Set(flags).size !== flags.length) return null;
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

export function parseRegexLiteral(literal: string): RegExp | null {
  cache ??= new Map();
  const cached = cache.get(literal);
  if (cached !== undefined) return cached;
  const compiled = compile(literal);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(literal, compiled);
  return compiled;
}
