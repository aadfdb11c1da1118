/**
 * Postcode rules per country, where one is known. `normalise` returns the canonical form
 * (upper case, single space where the country writes one) or undefined when invalid.
 * Countries without a rule accept any non-blank postcode as given.
 */

type PostcodeRule = (postcode: string) => string | undefined;

/** UK (and Crown dependencies): outward code, optional space, inward code `9AA`. */
const UK_PATTERN =
  /^(GIR ?0AA|[A-PR-UWYZ](?:[0-9]{1,2}|[A-HK-Y][0-9][0-9ABEHMNPRV-Y]?|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

const uk: PostcodeRule = (postcode) => {
  const compact = postcode.toUpperCase().replace(/\s+/g, '');
  if (!UK_PATTERN.test(compact)) return undefined;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
};

const pattern =
  (regex: RegExp, format: (compact: string) => string = (compact) => compact): PostcodeRule =>
  (postcode) => {
    const upper = postcode.trim().toUpperCase();
    return regex.test(upper) ? format(upper.replace(/\s+/g, '')) : undefined;
  };

const RULES: Record<string, PostcodeRule> = {
  GB: uk,
  GG: uk,
  JE: uk,
  IM: uk,
  IE: pattern(
    /^[AC-FHKNPRTV-Y][0-9]{2}W? ?[0-9AC-FHKNPRTV-Y]{4}$/,
    (c) => `${c.slice(0, -4)} ${c.slice(-4)}`,
  ),
  US: pattern(/^[0-9]{5}(-[0-9]{4})?$/),
  FR: pattern(/^[0-9]{5}$/),
  DE: pattern(/^[0-9]{5}$/),
  ES: pattern(/^[0-9]{5}$/),
  NL: pattern(/^[1-9][0-9]{3} ?[A-Z]{2}$/, (c) => `${c.slice(0, 4)} ${c.slice(4)}`),
};

export const COUNTRIES_WITH_POSTCODE_RULES = Object.keys(RULES);

/** The normalised postcode, or undefined when the country's rule rejects it. */
export function normalisePostcode(postcode: string, country: string): string | undefined {
  const rule = RULES[country];
  if (!rule) return postcode.trim() === '' ? undefined : postcode;
  return rule(postcode);
}
