import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROLES, type TRole } from '@loupe/domain/auth/roles';
import type { TAccess } from '../../src/plugins/access-control.ts';

/** docs/security.md: its "Who may do what where spec §6 is silent" table is the rule of every route it lists. */
export const SECURITY_DOC = fileURLToPath(new URL('../../../../docs/security.md', import.meta.url));

const START = '<!-- access-table:start -->';
const END = '<!-- access-table:end -->';
const ROW = /^\|\s*`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`\s*\|([^|]*)\|([^|]*)\|\s*$/;

function accessOf(who: string, route: string): TAccess {
  const text = who.trim();
  if (text === 'all signed-in') return 'signed-in';
  if (text === 'public') return 'public';
  const roles = text.split(',').map((role) => role.trim());
  for (const role of roles) {
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new Error(`docs/security.md: "${role}" of ${route} is not a role of spec §1`);
    }
  }
  // In the order of ROLES, as the routes declare them.
  return ROLES.filter((role) => roles.includes(role)) as readonly TRole[];
}

/**
 * The access table of docs/security.md, route → rule, with each row's reason. Throws on a row it cannot
 * read (a typo must fail the test, not drop a route from it), a route listed twice, or a row without reason.
 */
export function readAccessTable(
  markdown = readFileSync(SECURITY_DOC, 'utf8'),
): Record<string, { access: TAccess; why: string }> {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/security.md has no ${START} … ${END} table`);
  const lines = markdown
    .slice(start + START.length, end)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|'))
    // The header and its rule.
    .slice(2);
  const table: Record<string, { access: TAccess; why: string }> = {};
  for (const line of lines) {
    const match = ROW.exec(line);
    if (!match) throw new Error(`docs/security.md: cannot read the access table row ${line}`);
    const [, method, path, who = '', why = ''] = match;
    const route = `${method} ${path}`;
    if (route in table) throw new Error(`docs/security.md lists ${route} twice`);
    if (why.trim() === '') throw new Error(`docs/security.md gives no reason for ${route}`);
    table[route] = { access: accessOf(who, route), why: why.trim() };
  }
  return table;
}
