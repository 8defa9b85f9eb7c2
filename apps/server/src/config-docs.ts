import { CONFIG_VARIABLES } from './config.ts';

/** docs/configuration.md, rendered from CONFIG_VARIABLES so the page can never drift from the parser. */
export function renderConfigDocs(): string {
  const rows = Object.entries(CONFIG_VARIABLES).map(([name, { schema, doc }]) => {
    const parsed = schema.safeParse(undefined);
    const fallback = parsed.success && parsed.data !== undefined ? `\`${JSON.stringify(parsed.data)}\`` : '—';
    return `| \`${name}\` | ${fallback} | ${doc.replaceAll('|', '\\|')} |`;
  });
  return [
    '# Configuration',
    '',
    'Loupe reads its configuration from environment variables only, parsed and checked at start-up by',
    '`apps/server/src/config.ts`. A bad value stops start-up with one line naming the variable (exit code 1).',
    'This page is generated from that file: `npm run docs:config -w @loupe/server`.',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
