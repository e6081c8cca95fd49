import { validateAll } from './validate';

/** `npm run k8s:validate`: every manifest parsed, every root rendered and checked; one RESULT line. */
const report = await validateAll();
for (const e of report.errors) console.error(`error: ${e}`);
console.log(
  `RESULT k8s-validate manifests=${report.manifests} overlays=${report.overlays} errors=${report.errors.length}`,
);
process.exitCode = report.errors.length > 0 ? 1 : 0;
