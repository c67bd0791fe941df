export * from './types';
export * from './errors';
export * from './client';
export * from './pages';
export * from './imageUpload';
export * from './pdf';
