/** What other features may use of the order lists (their public entry). */
export {
  DEADLINE_STATE_COLOR,
  deadlineBadge,
  type DeadlineBadge,
  type NextDeadline,
} from './deadline-state';
