// What other features may use of account; everything else in this folder is its own.
export { default as AccountDetailModal } from './components/AccountDetailModal';
export * from './components/SimilarList';
export * from './hooks/detail-queries';
