// What other features may use of center; everything else in this folder is its own.
export * from './hooks/center-queries';
export * from './hooks/useCheckout';
export * from './pages/RechargeResultPage';
