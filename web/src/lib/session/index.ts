export * from './types';
export * from './sessionStore';
export * from './returnPath';
export * from './context';
export * from './collecting';
