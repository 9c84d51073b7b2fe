import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { listDevices } from '../src/modules/staff/devices';

/**
 * docs/decisions/database-sql-fragments-in-select-lists.md: in the select list of a query without joins (and
 * in `returning`), drizzle writes the columns interpolated directly into a hand-written `sql`
 * fragment without their table. Inside a subquery such a bare column is resolved against the
 * subquery's own table first: `${codes.deviceId} = ${devices.id}` became `"device_id" = "id"`, the
 * code's own id. Not exhaustive: helpers imported from another file are not followed.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const SELECTS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'returning']);
/** What makes drizzle qualify the select list: a join (or an update's `from`, for its `returning`). */
const JOIN = /^(inner|left|right|full|cross)Join(Lateral)?$/;

/**
 * Fields checked by hand, `file:field`, with why their bare column resolves to the outer row: the
 * subquery's table has no column of that name (asserted below).
 */
const verified: Record<string, { table: Record<string, unknown>; column: string }[]> = {
  // `(select … from users u where u.id = "recorded_by")`: users has no recorded_by nor voided_by.
  'src/modules/staffing/day-data.ts:recorderName': [{ table: getTableColumns(users), column: 'recordedBy' }],
  'src/modules/staffing/day-data.ts:voiderName': [{ table: getTableColumns(users), column: 'voidedBy' }],
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations' && entry.name !== 'node_modules') sourceFiles(full, out);
    } else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

/** A hand-written `sql` template with a subquery and a column interpolated into it. */
function riskyTemplate(node: ts.Node): boolean {
  if (!ts.isTaggedTemplateExpression(node) || !/^sql(<[\s\S]*>)?$/.test(node.tag.getText())) return false;
  const template = node.template;
  if (!ts.isTemplateExpression(template)) return false;
  const text = [template.head.text, ...template.templateSpans.map((s) => s.literal.text)].join(' ');
  if (!/\b(select|from|join|exists)\b/i.test(text)) return false;
  return template.templateSpans.some(
    (s) => ts.isPropertyAccessExpression(s.expression) && !s.expression.getText().startsWith('sql.'),
  );
}

/** The declarations in the file of a name (consts and functions), for fields that name a fragment or call a helper. */
function declarationsOf(file: ts.SourceFile, name: string): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer)
      found.push(node.initializer);
    if (ts.isFunctionDeclaration(node) && node.name?.text === name && node.body) found.push(node.body);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Whether a field's expression is, or (through the file's consts and functions) returns, a risky template. */
function riskyField(file: ts.SourceFile, expr: ts.Expression, seen = new Set<string>()): boolean {
  let e = expr;
  while (
    ts.isCallExpression(e) &&
    ts.isPropertyAccessExpression(e.expression) &&
    ['as', 'mapWith'].includes(e.expression.name.text)
  )
    e = e.expression.expression;
  if (riskyTemplate(e)) return true;
  const name = ts.isIdentifier(e) ? e.text : ts.isCallExpression(e) && ts.isIdentifier(e.expression) ? e.expression.text : null;
  if (name === null || seen.has(name)) return false;
  seen.add(name);
  return declarationsOf(file, name).some((decl) => {
    if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) decl = decl.body;
    if (ts.isExpression(decl)) return riskyField(file, decl, seen);
    let returns = false;
    const visit = (node: ts.Node) => {
      if (ts.isReturnStatement(node) && node.expression && riskyField(file, node.expression, seen)) returns = true;
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(decl, visit);
    return returns;
  });
}

/** The methods chained before and after a select (`db.select(…).from(…).leftJoin(…)`, `db.update(t).set(…).from(…).returning(…)`). */
function chainedMethods(call: ts.CallExpression): string[] {
  const methods: string[] = [];
  let up: ts.Node = call;
  while (ts.isPropertyAccessExpression(up.parent) && ts.isCallExpression(up.parent.parent)) {
    methods.push(up.parent.name.text);
    up = up.parent.parent;
  }
  let down = call.expression;
  while (ts.isPropertyAccessExpression(down) && ts.isCallExpression(down.expression)) {
    const inner = down.expression;
    if (ts.isPropertyAccessExpression(inner.expression)) methods.push(inner.expression.name.text);
    down = inner.expression;
  }
  return methods;
}

function unqualifiedSubqueryFields(): string[] {
  const found: string[] = [];
  for (const full of [...sourceFiles(path.join(serverRoot, 'src')), ...sourceFiles(path.join(serverRoot, 'bench'))]) {
    const rel = path.relative(serverRoot, full);
    const file = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && SELECTS.has(node.expression.name.text)) {
        const fields = node.arguments.find(ts.isObjectLiteralExpression);
        const methods = chainedMethods(node);
        const qualified =
          methods.some((m) => JOIN.test(m)) || (node.expression.name.text === 'returning' && methods.includes('from'));
        if (fields && !qualified) {
          const check = (object: ts.ObjectLiteralExpression) => {
            for (const p of object.properties) {
              const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : null;
              if (value && ts.isObjectLiteralExpression(value)) check(value);
              else if (value && riskyField(file, value)) found.push(`${rel}:${p.name!.getText()}`);
            }
          };
          check(fields);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found.sort();
}

describe('sql fragments in single-table select lists', () => {
  it('no subquery there compares a column interpolated bare (else a join, or a query builder)', () => {
    expect(unqualifiedSubqueryFields()).toEqual(Object.keys(verified).sort());
    for (const checks of Object.values(verified))
      for (const { table, column } of checks) expect(Object.keys(table)).not.toContain(column);
  });

  it('the device list correlates the pairing codes with the device (qualified)', async () => {
    const statements: string[] = [];
    const db = drizzle.mock({ casing: 'snake_case', logger: { logQuery: (q) => statements.push(q) } });
    await listDevices(db as unknown as Db, 1, new Date()).catch(() => undefined);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('"device_pairing_codes"."device_id" = "devices"."id"');
    // No comparison of two bare identifiers (a subquery's own columns) anywhere in it.
    expect(statements[0]).not.toMatch(/(?<![."\w])"\w+"\s*(=|<>)\s*"\w+"(?!\.)/);
  });
});
