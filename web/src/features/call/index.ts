// Public API of the call feature: an order's call records, for the order views.
export { CallRecordList } from './components/CallRecordList';
