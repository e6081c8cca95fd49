// What other features may use of monitor; everything else in this folder is its own.
export * from './hooks/monitor-queries';
