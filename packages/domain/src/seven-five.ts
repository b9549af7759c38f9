import type { Lang } from './codes';

/**
 * The "seven haves and five natures" (七有五性) a district files an order under: the seven
 * haves of public services (幼有所育 … 弱有所扶) and the five natures of city life (便利性 …
 * 安全性). Orders store the Chinese name; the console offers these but takes any text (up to
 * 50 characters), so a name not listed here is shown as it is.
 */
export const SEVEN_FIVE_NAMES = {
  幼有所育: { zh: '幼有所育', en: 'Care for young children' },
  学有所教: { zh: '学有所教', en: 'Education' },
  劳有所得: { zh: '劳有所得', en: 'Pay for work' },
  病有所医: { zh: '病有所医', en: 'Medical care' },
  老有所养: { zh: '老有所养', en: 'Care for the elderly' },
  住有所居: { zh: '住有所居', en: 'Housing' },
  弱有所扶: { zh: '弱有所扶', en: 'Help for the vulnerable' },
  便利性: { zh: '便利性', en: 'Convenience' },
  宜居性: { zh: '宜居性', en: 'Livability' },
  多样性: { zh: '多样性', en: 'Diversity' },
  公正性: { zh: '公正性', en: 'Fairness' },
  安全性: { zh: '安全性', en: 'Safety' },
} as const satisfies Record<string, Record<Lang, string>>;

/** The offered values, in order (the seven haves, then the five natures). */
export const SEVEN_FIVE_VALUES = Object.keys(SEVEN_FIVE_NAMES) as (keyof typeof SEVEN_FIVE_NAMES)[];

/** A stored category in the user's language (an unlisted one as it is). */
export function sevenFiveName(value: string, lang: Lang): string;
export function sevenFiveName(value: string | null, lang: Lang): string | null;
export function sevenFiveName(value: string | null, lang: Lang): string | null {
  if (value === null) return null;
  const names: Partial<Record<string, Record<Lang, string>>> = SEVEN_FIVE_NAMES;
  return names[value]?.[lang] ?? value;
}
