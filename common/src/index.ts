export * from './messages.js';
export * from './roles.js';
export * from './auth.js';
export * from './validation.js';
export * from './house.js';
