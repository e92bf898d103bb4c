/**
 * US states whose laws allow marketing texts in a narrower window than the TCPA's 08:00-21:00, with
 * the area codes of the state (docs/compliance.md lists each law). A number is placed by its area
 * code, which is where it was issued: a number that moved with its owner is judged where it began.
 * `sunday` is the window on Sundays where the law sets another one.
 */
type StateRule = { state: string; start: string; end: string; sunday?: { start: string; end: string } };

const rules: { rule: StateRule; areaCodes: string }[] = [
  {
    rule: { state: 'FL', start: '08:00', end: '20:00' },
    areaCodes: '239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954',
  },
  { rule: { state: 'OK', start: '08:00', end: '20:00' }, areaCodes: '405 539 572 580 918' },
  { rule: { state: 'MD', start: '08:00', end: '20:00' }, areaCodes: '227 240 301 410 443 667' },
  { rule: { state: 'CT', start: '09:00', end: '20:00' }, areaCodes: '203 475 860 959' },
  { rule: { state: 'WA', start: '08:00', end: '20:00' }, areaCodes: '206 253 360 425 509 564' },
  {
    rule: { state: 'TX', start: '09:00', end: '21:00', sunday: { start: '12:00', end: '21:00' } },
    areaCodes: '210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 945 956 972 979',
  },
];

const ruleByAreaCode = new Map(rules.flatMap(({ rule, areaCodes }) => areaCodes.split(' ').map((code) => [code, rule] as const)));

/** The stricter window of the recipient's state, if its law sets one (US numbers only). */
export function stateRuleOf(phoneNumber: string): StateRule | undefined {
  if (!/^\+1\d{10}$/.test(phoneNumber)) return undefined;
  return ruleByAreaCode.get(phoneNumber.slice(2, 5));
}
