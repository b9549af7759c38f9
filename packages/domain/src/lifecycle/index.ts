export * from './types';
export * from './names';
export * from './inputs';
export * from './roles';
export { TABLE, isOpen, OPEN_STATUSES } from './table';
export * from './apply';
export * from './opened';
export * from './queue-filters';
