export * from './codes';
export * from './messages';
export * from './validation';
export * from './permission';
export * from './org';
export * from './queues';
export * from './work-order';
