export * from './resources.ts';
export * from './params.ts';
export * from './errors.ts';
export * from './aggs.ts';
