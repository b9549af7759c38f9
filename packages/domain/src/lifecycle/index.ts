export * from './types';
export * from './names';
export * from './inputs';
export * from './roles';
export { isOpen, OPEN_STATUSES } from './rules';
export { TABLE } from './table';
export * from './apply';
export * from './opened';
export * from './queue-filters';
