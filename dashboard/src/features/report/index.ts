// What other features may use of report; everything else in this folder is its own.
export * from './components/ReportChart';
export * from './components/ReportProfile';
export * from './components/ReportTable';
export * from './components/ReportVerdict';
