// Public API of the caller-history feature: the panel the intake form and the detail show.
export { CallerHistoryPanel } from './components/CallerHistoryPanel';
