/**
 * The station's English texts (failure messages the headless host prints, logs) count with English plural rules
 * ("1 partial shipment", "3 partial shipments"), never "shipment(s)": a script's reader and IT read them as
 * sentences. Intl's rules rather than `n === 1`, so the one rule of the language decides, as i18next does for
 * the renderer's five languages.
 */
const rules = new Intl.PluralRules('en');

/** `n` and the noun in the form English gives that count: `counted(2, 'label', 'labels')` is "2 labels". */
export function counted(n: number, one: string, other: string): string {
  return `${n} ${rules.select(n) === 'one' ? one : other}`;
}
