// What other features may use of minipro; everything else in this folder is its own.
export * from './components/MiniproTable';
