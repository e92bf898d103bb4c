/**
 * SMS segment counting. Written here rather than taken from Twilio's
 * sms-segments-calculator, which the tests use as the oracle: it splits graphemes, which is slow on
 * the hot path of every send and slower the longer the body.
 */

// GSM 03.38 default alphabet (the escape code itself excluded) and its extension table, whose
// characters are sent as escape + character and so take two septets.
const gsm7BasicCharacters =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsm7Basic = new Set(gsm7BasicCharacters);
// Most bodies: one septet per character, nothing to keep whole across parts.
const onlyGsm7Basic = new RegExp(`^[${gsm7BasicCharacters.replace(/[\\\]^-]/g, '\\$&')}]*$`);
const gsm7Extension = new Set('\f^{}\\[~]|€');

type SmsEncoding = 'GSM-7' | 'UCS-2';

/** Septets (GSM-7) or UTF-16 code units (UCS-2) per segment: alone, and with the concatenation header. */
const segmentSizes = {
  'GSM-7': { single: 160, concatenated: 153 },
  'UCS-2': { single: 70, concatenated: 67 },
} as const;

function gsm7Units(character: string): number | undefined {
  if (gsm7Basic.has(character)) return 1;
  return gsm7Extension.has(character) ? 2 : undefined;
}

function encodingOf(body: string): SmsEncoding {
  for (const character of body) if (gsm7Units(character) === undefined) return 'UCS-2';
  return 'GSM-7';
}

function unitsOf(character: string, encoding: SmsEncoding): number {
  if (encoding === 'GSM-7') return gsm7Units(character) ?? 1;
  // A character outside the Basic Multilingual Plane is a surrogate pair: two code units.
  return character.length;
}

/**
 * Segments needed for `body`: GSM-7 when every character is in the GSM alphabet (160, or 153 per
 * part), else UCS-2 (70, or 67 per part). Carriers never split an escape sequence or a surrogate pair
 * across parts, so a character that does not fit moves whole to the next part.
 */
export function countSegments(body: string): { encoding: SmsEncoding; segments: number } {
  if (onlyGsm7Basic.test(body)) {
    const { single, concatenated } = segmentSizes['GSM-7'];
    return { encoding: 'GSM-7', segments: body.length <= single ? 1 : Math.ceil(body.length / concatenated) };
  }
  const encoding = encodingOf(body);
  const { single, concatenated } = segmentSizes[encoding];
  let total = 0;
  for (const character of body) total += unitsOf(character, encoding);
  if (total <= single) return { encoding, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const character of body) {
    const units = unitsOf(character, encoding);
    if (used + units > concatenated) {
      segments += 1;
      used = 0;
    }
    used += units;
  }
  return { encoding, segments };
}

/** A character that makes a body UCS-2, and where it is. */
export type Ucs2Character = { character: string; index: number };

/**
 * What a body costs to send and why: its encoding and segments (countSegments), its length and every
 * character outside the GSM-7 alphabet and its extension table, each of which alone makes the whole
 * body UCS-2. Lengths and indexes count Unicode code points, so a character outside the Basic
 * Multilingual Plane (an emoji) is one character at one index, never half a surrogate pair; in
 * JavaScript, `Array.from(body)[index]` is the character.
 */
export function describeBody(body: string): {
  encoding: SmsEncoding;
  segments: number;
  characters: number;
  ucs2Characters: Ucs2Character[];
} {
  const ucs2Characters: Ucs2Character[] = [];
  let index = 0;
  for (const character of body) {
    if (gsm7Units(character) === undefined) ucs2Characters.push({ character, index });
    index += 1;
  }
  return { ...countSegments(body), characters: index, ucs2Characters };
}
