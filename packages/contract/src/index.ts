export * from './common';
export * from './auth';
export * from './config';
export * from './menu';
export * from './admin';
export * from './misc';
