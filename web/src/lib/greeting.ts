/** The parts of the day the home greeting distinguishes (spec section 9). */
export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/**
 * Greeting by hour of the day (0–23): before 8 morning, up to 11 forenoon, up to 13 noon,
 * before 18 afternoon, else evening. The texts live in the i18n resources under `greeting.*`.
 */
export function greetingKey(hour: number): GreetingKey {
  if (hour < 8) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
