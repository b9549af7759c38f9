// Public API of the menu feature: the menu badge counts that list, detail and push patch.
export { useBadgeStore } from './badge-store';
export { refreshBadgeCounts } from './api';
