import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Static guard: SQL text passed to query / exec / stream (ClickHouse and PostgreSQL clients alike) may interpolate
 * `${…}` only what this allow-list names: constant fragments, columns chosen from fixed maps, and condition strings
 * built from constants with bound placeholders. Anything else (a request value spliced into SQL) fails the test
 * with its file and expression. Each rule says why its fragments cannot carry user input.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['api', 'members', 'stream', 'collectors', 'clickhouse', 'postgres'];
const CALLS = /^(query|exec|stream|queryBind|queryBindAsync|queryAsync|queryStream|queryStreamBind)$/;

interface Rule {
  expr: RegExp;
  reason: string;
}
const ALLOWED: Rule[] = [
  {
    expr: /^[A-Z][A-Z0-9_]*$/,
    reason:
      'a module-level constant SQL fragment (column list, subquery, join, threshold) written in the source',
  },
  {
    expr: /^[A-Z][A-Z0-9_]*\[(q|f)\.(sort|order)\]$/,
    reason: 'a column chosen from a fixed map by a key the route’s zod schema restricts to that map’s keys',
  },
  {
    expr: /^(COLUMN\[p\]|TABLE\[kind\]\.groups|t\.groups|t\.items|table|col|identityColumn\((s\.)?provider\))$/,
    reason:
      'a table or column picked from a fixed map by a typed enum (provider, group kind), never by input text',
  },
  {
    expr: /^(LATEST|DAILY|FIGURES|BEIJING|latest|matching|details|jaccard|byType|wciSql|wciAggregates|debitSql|refundSql|relevanceSql)\(/,
    reason:
      'a fragment builder called with literals or other allowed fragments; its parameters are SQL placeholders',
  },
  {
    expr: /^(where|filter|filters\(q\)|scope|window|matches|keywordMatch|d7|d30|order|rankCol|prevCol|o\.inner|o\.outer|p\.(start|days|prev\('ps'\))|signatureColumns|w\.(title|digest|industry))$/,
    reason:
      'a condition or expression assembled from constant pieces with {name:Type} / $n placeholders for the values',
  },
  {
    expr: /^(acc|base|columns|from|hits|keys|latest|matched|matching|mine|owned|perArticle|ranked|tags|EXCERPT_BEFORE \+ 1)$/,
    reason: 'a subquery of the same function, itself constant text with bound placeholders',
  },
  {
    expr: /^(RANK_TYPES|SUM_COLUMNS)\.map\(|^\['ps', 'r_all', 'r_media', 'r_area'\]\.map\(lag\)/,
    reason: 'a list of constant names joined into SQL (rank types, column names)',
  },
  {
    expr: /^(byOwner|q\.mid !== null) \? '[^']*' : '[^']*'$/,
    reason: 'a choice between two literal fragments',
  },
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

/** The `${…}` expressions of SQL templates handed straight to a query call, with where they are. */
function interpolations(file: string, text: string): { at: string; expr: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { at: string; expr: string }[] = [];
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      CALLS.test(n.expression.name.text) &&
      n.arguments[0] &&
      ts.isTemplateExpression(n.arguments[0])
    )
      for (const s of n.arguments[0].templateSpans) {
        const line = sf.getLineAndCharacterOfPosition(s.expression.getStart(sf)).line + 1;
        out.push({ at: `${file}:${line}`, expr: s.expression.getText(sf) });
      }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

const unexplained = (found: { at: string; expr: string }[]) =>
  found.filter((f) => !ALLOWED.some((r) => r.expr.test(f.expr))).map((f) => `${f.at}: \${${f.expr}}`);

describe('SQL text interpolates only allowed constant fragments', () => {
  it('finds nothing else in the server code', () => {
    const found = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d))).flatMap((f) =>
      interpolations(path.relative(ROOT, f), readFileSync(f, 'utf8')),
    );
    // The scan sees the real queries (a scanner that finds nothing proves nothing).
    expect(found.length).toBeGreaterThan(100);
    expect(unexplained(found)).toEqual([]);
  });

  it('fails on a request value spliced into SQL, on either client', () => {
    const snippet = `
      app.get('/x', async (c) => {
        const kw = c.req.query('kw');
        await store.query(\`SELECT * FROM articles WHERE title = '\${kw}'\`);
        await db.query(\`DELETE FROM users WHERE phone = '\${input.data.phone}'\`, []);
        await store.exec(\`SELECT \${COLUMNS} FROM t ORDER BY \${SORTS[q.sort]} WHERE x = {x:String}\`, { x: kw });
        await db.query(\`SELECT \${where} FROM t ORDER BY \${req.sort}\`);
      });`;
    const at = (line: number, expr: string) => `synthetic.ts:${line}: \${${expr}}`;
    expect(unexplained(interpolations('synthetic.ts', snippet))).toEqual([
      at(4, 'kw'),
      at(5, 'input.data.phone'),
      at(7, 'req.sort'),
    ]);
  });
});
