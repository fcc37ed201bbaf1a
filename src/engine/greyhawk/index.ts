export * from './types';
export * from './data';
export * from './options';
export * from './character';
export * from './styles';
export * from './attack';
export * from './manoeuvres';
export * from './round';
