export * from './types';
export * from './engine';
