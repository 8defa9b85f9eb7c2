import { describe, expect, it } from 'vitest';
import { readAccessTable } from './support/access-table.ts';

const doc = (rows: string) =>
  `# x\n<!-- access-table:start -->\n| route | who | why |\n|---|---|---|\n${rows}\n<!-- access-table:end -->\n`;

describe('readAccessTable', () => {
  it('reads roles, all signed-in and public, in the order of ROLES', () => {
    expect(
      readAccessTable(
        doc(
          [
            '| `POST /api/v1/a` | manager, admin | Because. |',
            '| `GET /api/v1/b/:id` | all signed-in | Because. |',
            '| `GET /api/v1/public/c/:token` | public | Because. |',
          ].join('\n'),
        ),
      ),
    ).toEqual({
      'POST /api/v1/a': { access: ['admin', 'manager'], why: 'Because.' },
      'GET /api/v1/b/:id': { access: 'signed-in', why: 'Because.' },
      'GET /api/v1/public/c/:token': { access: 'public', why: 'Because.' },
    });
  });

  it.each([
    ['an unknown role', '| `POST /api/v1/a` | admin, boss | Because. |', /"boss"/],
    ['a row it cannot read', '| POST /api/v1/a | admin | Because. |', /cannot read/],
    ['a route twice', '| `POST /api/v1/a` | admin | A. |\n| `POST /api/v1/a` | admin | B. |', /twice/],
    ['no reason', '| `POST /api/v1/a` | admin |  |', /no reason/],
  ])('refuses %s', (_name, rows, message) => {
    expect(() => readAccessTable(doc(rows))).toThrow(message);
  });

  it('reads the table of docs/security.md', () => {
    expect(Object.keys(readAccessTable()).length).toBeGreaterThan(30);
  });
});
