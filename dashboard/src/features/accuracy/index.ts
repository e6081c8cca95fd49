// What other features may use of accuracy; everything else in this folder is its own.
export * from './routes';
