export * from './tolerant'
export * from './records'
