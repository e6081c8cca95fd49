import { contractReport, routesOnlyApp } from '../api/contract-report';

/**
 * `npm run contract`: every call of spec §7 (api/contract.ts) with the methods served, the tests that call it,
 * and whether it is covered (served with the spec's methods and called by a test).
 */
const app = routesOnlyApp();
const { rows, unlisted } = contractReport(app);
let group = '';
for (const r of rows) {
  if (r.group !== group) {
    group = r.group;
    console.log(`\n## ${group}`);
  }
  const state = r.covered ? '✓' : r.served.length ? '!' : '·';
  const note = r.missingMethods.length ? ` (未提供 ${r.missingMethods.join(',')})` : '';
  console.log(
    `${state} ${r.methods.join(',').padEnd(16)} /fbmain${r.path}${r.placed ? ' (路径为平台安排)' : ''}${note}${r.tests.length ? `  — ${r.tests.slice(0, 3).join(', ')}${r.tests.length > 3 ? ` 等 ${r.tests.length} 个` : ''}` : ''}`,
  );
}
if (unlisted.length) console.log(`\n不在合同表中的 /fbmain 路由：${unlisted.join(', ')}`);
const covered = rows.filter((r) => r.covered).length;
console.log('\n✓ 已实现并有测试  ! 已实现但缺测试或方法  · 未实现');
console.log(
  `RESULT contract covered=${covered} total=${rows.length} served=${rows.filter((r) => r.served.length).length} unlisted=${unlisted.length}`,
);
