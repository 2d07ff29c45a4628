export * from './common';
export * from './auth';
export * from './sheets';
export * from './settings';
export * from './hero';
export * from './reminders';
export * from './users';
export * from './monitors';
