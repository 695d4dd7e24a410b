/** `length` copies of `character`; none for a length below one. */
export const repeat = (length: number, character = 'a') => character.repeat(Math.max(length, 0));

/**
 * A domain name of exactly `length` characters ending in `.suffix`, made of labels no longer than `labelMax` (the
 * contract's limit, given by the caller: the testkit does not depend on the contract).
 */
export function domainNameOfLength(length: number, { labelMax, suffix }: { labelMax: number; suffix: string }) {
  const labels: string[] = [];
  let left = length - `.${suffix}`.length;
  while (left > labelMax) {
    labels.push(repeat(labelMax - 2));
    left -= labelMax - 1;
  }
  return [...labels, repeat(left), suffix].join('.');
}
