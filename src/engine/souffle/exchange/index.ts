export * from './effects';
export * from './view';
export * from './attack';
export { forcingOpen } from './attack-apply';
export * from './grapple';
export * from './flee';
export * from './opportunity';
export * from './aim';
