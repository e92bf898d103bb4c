// Generated from the geocoding data of Google's libphonenumber (Apache License 2.0,
// https://github.com/google/libphonenumber, resources/geocoding/en/1.txt): each North American area
// code goes to the US state, district or Canadian province most of its prefixes are in (the area
// code's own entry where no prefix names one). Regenerate rather than edit by hand when area codes are added.

/** State, district or province (its postal code) -> the North American Numbering Plan area codes in it. */
const nanpAreaCodesByState: Record<string, string> = {
  AB: '368 403 587 780 825',
  AK: '907',
  AL: '205 251 256 334 659 938',
  AR: '327 479 501 870',
  AZ: '480 520 602 623 928',
  BC: '236 250 257 604 672 778',
  CA:
    '209 213 279 310 323 341 350 369 408 415 424 442 510 530 559 562 619 626 628 650 ' +
    '657 661 669 707 714 738 747 760 805 818 820 831 840 858 909 916 925 949 951',
  CO: '303 719 720 748 970 983',
  CT: '203 475 860 959',
  DC: '202 771',
  DE: '302',
  FL: '239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 ' + '904 941 954',
  GA: '229 404 470 478 678 706 762 770 912 943',
  HI: '808',
  IA: '319 515 563 641 712',
  ID: '208 986',
  IL: '217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 872',
  IN: '219 260 317 463 574 765 812 930',
  KS: '316 620 785 913',
  KY: '270 364 502 606 859',
  LA: '225 318 337 504 985',
  MA: '339 351 413 508 617 774 781 857 978',
  MB: '204 431 584',
  MD: '227 240 301 410 443 667',
  ME: '207',
  MI: '231 248 269 313 517 586 616 734 810 906 947 989',
  MN: '218 320 507 612 651 763 952',
  MO: '235 314 417 557 573 636 660 816 975',
  MS: '228 601 662 769',
  MT: '406',
  NB: '428 506',
  NC: '252 336 472 704 743 828 910 919 980 984',
  ND: '701',
  NE: '308 402 531',
  NH: '603',
  NJ: '201 551 609 640 732 848 856 862 908 973',
  NL: '709 879',
  NM: '505 575',
  NS: '782 902',
  NT: '867',
  NV: '702 725 775',
  NY: '212 315 329 332 347 363 516 518 585 607 631 646 680 716 718 838 845 914 917 929 ' + '934',
  OH: '216 220 234 283 326 330 380 419 440 513 567 614 740 937',
  OK: '405 539 572 580 918',
  ON: '226 249 289 343 365 382 416 437 519 548 613 647 683 705 742 753 807 905 942',
  OR: '458 503 541 971',
  PA: '215 223 267 272 412 445 484 570 582 610 717 724 814 835 878',
  QC: '263 354 367 418 438 450 468 514 579 581 819 873',
  RI: '401',
  SC: '803 821 839 843 854 864',
  SD: '605',
  SK: '306 474 639',
  TN: '423 615 629 731 865 901 931',
  TX: '210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 ' + '903 915 936 940 945 956 972 979',
  UT: '385 435 801',
  VA: '276 434 540 571 686 703 757 804 826 948',
  VT: '802',
  WA: '206 253 360 425 509 564',
  WI: '262 274 353 414 534 608 715 920',
  WV: '304 681',
  WY: '307',
};

const stateByAreaCode = new Map(
  Object.entries(nanpAreaCodesByState).flatMap(([state, codes]) => codes.split(' ').map((code) => [code, state] as const)),
);

/** The area code of a North American number in E.164 (+1NXX...), else undefined. */
export function nanpAreaCodeOf(e164: string): string | undefined {
  return e164.startsWith('+1') && e164.length === 12 ? e164.slice(2, 5) : undefined;
}

/**
 * Every area code of the state or province a North American number's area code is in (its own
 * included); empty for a number outside it or an area code of no state here.
 */
export function sameStateAreaCodes(e164: string): string[] {
  const areaCode = nanpAreaCodeOf(e164);
  const state = areaCode === undefined ? undefined : stateByAreaCode.get(areaCode);
  return state === undefined ? [] : (nanpAreaCodesByState[state] ?? '').split(' ');
}
