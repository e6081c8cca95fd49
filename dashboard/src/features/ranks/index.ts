// What other features may use of ranks; everything else in this folder is its own.
export * from './components/RankTable';
export * from './hooks/rank-queries';
