// Public API of the notices feature: the notices store the push channel fills.
export { useNoticesStore } from './notices-store';
