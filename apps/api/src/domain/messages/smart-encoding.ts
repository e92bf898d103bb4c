/**
 * Smart encoding: typographic characters that word processors and language models write, each of
 * which alone makes a whole body UCS-2 (70 characters a segment instead of 160), replaced with the
 * GSM-7 characters they stand for. docs/quick-start.md ("Smart encoding") prints this table.
 */
export const smartEncodingTable: readonly { characters: string; replacement: string; names: string }[] = [
  {
    characters: '\u2018\u2019\u201A\u201B\u2032\u02BC',
    replacement: "'",
    names: 'curly single quotes, low quote, prime, modifier apostrophe',
  },
  {
    characters: '\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB',
    replacement: '"',
    names: 'curly double quotes, low quote, double prime, guillemets',
  },
  { characters: '\u2039', replacement: '<', names: 'single left guillemet' },
  { characters: '\u203A', replacement: '>', names: 'single right guillemet' },
  {
    characters: '\u2010\u2011\u2012\u2013\u2014\u2015\u2212',
    replacement: '-',
    names: 'hyphen, non-breaking hyphen, figure, en and em dashes, bar, minus',
  },
  { characters: '\u2026', replacement: '...', names: 'ellipsis' },
  { characters: '\u2022\u2023\u2043', replacement: '-', names: 'bullets' },
  {
    characters: '\u00A0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000',
    replacement: ' ',
    names: 'non-breaking, en, em, thin, hair, figure and other spaces',
  },
  { characters: '\u2028\u2029', replacement: '\n', names: 'line and paragraph separators' },
  {
    characters: '\u200B\u200C\u2060\uFEFF\u00AD',
    replacement: '',
    names: 'zero-width spaces, word joiner, byte order mark, soft hyphen (removed)',
  },
  { characters: '\u02C6', replacement: '^', names: 'modifier circumflex' },
  { characters: '\u02DC', replacement: '~', names: 'small tilde' },
  { characters: '\u2044\u2215', replacement: '/', names: 'fraction and division slashes' },
];

const replacementOf = new Map(
  smartEncodingTable.flatMap(({ characters, replacement }) =>
    // Every character of the table is one UTF-16 code unit.
    Array.from(characters, (character) => [character, replacement] as const),
  ),
);

/** One character smart encoding replaced: where it was (in Unicode code points of the original body) and with what. */
export type SmartReplacement = { character: string; replacement: string; index: number };

/** `body` with every character of the table replaced, and each replacement made. */
export function applySmartEncoding(body: string): { body: string; replacements: SmartReplacement[] } {
  const replacements: SmartReplacement[] = [];
  let encoded = '';
  let index = 0;
  for (const character of body) {
    const replacement = replacementOf.get(character);
    if (replacement === undefined) encoded += character;
    else {
      encoded += replacement;
      replacements.push({ character, replacement, index });
    }
    index += 1;
  }
  return { body: encoded, replacements };
}
