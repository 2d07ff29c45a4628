export * from './users';
export * from './sheets';
export * from './settings';
export * from './monitoring';
export * from './reminders';
export * from './mail';
export * from './season';
export * from './announcements';
