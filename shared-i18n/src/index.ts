export * from './contract-words';
export * from './detect';
export * from './format';
export * from './instance';
export * from './languages';
export * from './remote-contract';
export * from './routes';
export * from './use-translation';
