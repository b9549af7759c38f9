export * from './permissions';
export * from './password-policy';
export * from './units';
export * from './admins';
export * from './messages';
