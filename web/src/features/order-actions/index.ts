// Public API of order-actions: the action table, posting an action and its form panel, locks, files.
export {
  actionButtons,
  actionSpec,
  buttonId,
  jumpSetting,
  nextOrderId,
  type ActionSpec,
} from './action-table';
export { actionBody } from './action-rules';
export { fetchFileBlob, fetchQueueIds, postAction, releaseLock, takeLock } from './api';
export { ActionPanel, specLabel } from './components/ActionPanel';
