import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../src/config.ts';

/**
 * Issue 42 §4: docs/deployment.md's cluster is a compose file that parses, builds Loupe from the npm
 * registry only, sets only variables Loupe knows, and whose every variable and port the page explains.
 */

const read = (relative: string) => readFileSync(new URL(`../../../${relative}`, import.meta.url), 'utf8');
const DOC = read('docs/deployment.md');

type TService = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: string[] | Record<string, { condition: string }>;
  volumes?: string[];
};
const composeText = read('deploy/compose.yaml');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, TService>;
  volumes?: Record<string, unknown>;
};
const exists = (relative: string) => existsSync(new URL(`../../../${relative}`, import.meta.url));
const loupes = Object.entries(compose.services).filter(([name]) => name.startsWith('loupe-'));

describe('deploy/compose.yaml', () => {
  it('runs two Loupe instances built from deploy/Dockerfile, with PostgreSQL, Redis, an MQTT broker and a balancer', () => {
    expect(loupes.map(([name]) => name)).toEqual(['loupe-1', 'loupe-2']);
    for (const [, service] of loupes) expect(service.build?.dockerfile).toBe('deploy/Dockerfile');
    for (const name of ['postgres', 'redis', 'mosquitto', 'load-balancer', 'minio']) {
      expect(compose.services[name]?.image, name).toBeTruthy();
    }
  });

  it('gives the instances only variables Loupe reads, the cluster ones set, and one SECRET_KEY', () => {
    for (const [name, service] of loupes) {
      const environment = service.environment ?? {};
      for (const variable of Object.keys(environment)) {
        expect(Object.hasOwn(CONFIG_VARIABLES, variable), `${name}: ${variable}`).toBe(true);
      }
      for (const variable of [
        'DATABASE_URL',
        'REDIS_URL',
        'MQTT_URL',
        'SECRET_KEY',
        'PUBLIC_URL',
        'TRUST_PROXY',
      ]) {
        expect(environment[variable], `${name}: ${variable}`).toBeTruthy();
      }
    }
    const [first, second] = loupes.map(([, service]) => service.environment ?? {});
    expect(first?.SECRET_KEY).toBe(second?.SECRET_KEY);
    expect(first?.MQTT_CLIENT_ID).not.toBe(second?.MQTT_CLIENT_ID);
  });

  it('has every variable and published port explained in docs/deployment.md', () => {
    const variables = new Set(loupes.flatMap(([, service]) => Object.keys(service.environment ?? {})));
    for (const variable of variables) expect(DOC, variable).toContain(`\`${variable}\``);
    for (const service of Object.values(compose.services)) {
      for (const port of service.ports ?? []) expect(DOC, port).toContain(port.split(':')[0] ?? port);
    }
  });
});

/**
 * What `docker compose config` checks before anything runs, for machines without Docker (this one's CI has
 * no daemon nor the compose plugin): every service a service waits for exists, every named volume is
 * declared, every file mounted from deploy/ is there or made by a step of docs/deployment.md, and every
 * variable the file takes from deploy/.env is in deploy/.env.example.
 */
describe('deploy/compose.yaml as `docker compose config` reads it', () => {
  it('waits only for services it defines, with conditions compose knows', () => {
    const conditions = ['service_started', 'service_healthy', 'service_completed_successfully'];
    for (const [name, service] of Object.entries(compose.services)) {
      const dependsOn = service.depends_on ?? [];
      const names = Array.isArray(dependsOn) ? dependsOn : Object.keys(dependsOn);
      for (const other of names) expect(compose.services[other], `${name} → ${other}`).toBeDefined();
      if (!Array.isArray(dependsOn)) {
        for (const [other, { condition }] of Object.entries(dependsOn)) {
          expect(conditions, `${name} → ${other}`).toContain(condition);
          if (condition === 'service_healthy') {
            expect(compose.services[other], `${other} has a healthcheck`).toHaveProperty('healthcheck');
          }
        }
      }
    }
  });

  it('declares every named volume and mounts only files that exist or the recipe makes', () => {
    const declared = new Set(Object.keys(compose.volumes ?? {}));
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [source = ''] = volume.split(':');
        if (source.startsWith('./')) {
          const file = `deploy/${source.slice(2)}`;
          // mosquitto.passwd holds the readers' passwords: made on the box (docs/deployment.md), never committed.
          if (exists(file)) continue;
          expect(DOC, `${name}: ${file} is neither in deploy/ nor made by a step of the recipe`).toContain(
            `/w/${source.slice(2)}`,
          );
        } else {
          expect(declared, `${name}: volume ${source}`).toContain(source);
        }
      }
    }
  });

  it('takes from deploy/.env only variables deploy/.env.example lists', () => {
    const example = new Set(
      read('deploy/.env.example')
        .split('\n')
        .map((line) => /^([A-Z_]+)=/.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    // $$ is compose's escape for a $ the container's shell reads.
    const interpolated = [...composeText.replaceAll('$$', '').matchAll(/\$\{([A-Z_]+)[^}]*\}/g)].map(
      (match) => match[1],
    );
    expect(interpolated.length).toBeGreaterThan(0);
    for (const name of interpolated) expect(example, `\${${name}}`).toContain(name);
  });
});

/** `docker compose` (the plugin) or Debian's `docker-compose`, whichever this machine has (.ci/run installs the latter). */
function composeCommand(): string[] | null {
  const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (plugin.status === 0) return ['docker', 'compose'];
  const standalone = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  return standalone.status === 0 ? ['docker-compose'] : null;
}
const COMPOSE = composeCommand();

describe.skipIf(COMPOSE === null)(`${COMPOSE?.join(' ') ?? 'docker compose (absent)'} config`, () => {
  const run = (envFile: string) => {
    const [command = 'docker', ...args] = COMPOSE ?? [];
    const root = new URL('../../../', import.meta.url).pathname;
    return spawnSync(command, [...args, '-f', 'deploy/compose.yaml', '--env-file', envFile, 'config'], {
      cwd: root,
      encoding: 'utf8',
    });
  };
  const withEnv = (text: string, check: (envFile: string) => void) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-compose-'));
    try {
      writeFileSync(path.join(dir, '.env'), text);
      check(path.join(dir, '.env'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('accepts the file with deploy/.env.example filled in, and gives both instances their own MQTT client id', () => {
    const filled = read('deploy/.env.example')
      .replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=postgres-secret')
      .replace(/^MQTT_PASSWORD=$/m, 'MQTT_PASSWORD=mqtt-secret')
      .replace(/^MINIO_PASSWORD=$/m, 'MINIO_PASSWORD=minio-secret')
      .replace(/^SECRET_KEY=$/m, `SECRET_KEY=${'k'.repeat(40)}`);
    withEnv(filled, (envFile) => {
      const result = run(envFile);
      expect(result.status, result.stderr).toBe(0);
      const resolved = parse(result.stdout) as { services: Record<string, TService> };
      expect(resolved.services['loupe-1']?.environment?.MQTT_CLIENT_ID).toBe('loupe-1');
      expect(resolved.services['loupe-2']?.environment?.SECRET_KEY).toBe('k'.repeat(40));
    });
  });

  it('is refused without the passwords and key deploy/.env.example leaves empty', () => {
    withEnv(read('deploy/.env.example'), (envFile) => {
      const result = run(envFile);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/POSTGRES_PASSWORD|MQTT_PASSWORD|MINIO_PASSWORD|SECRET_KEY/);
    });
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  it('installs Loupe from the npm registry with the committed lockfile, and downloads nothing else', () => {
    expect(dockerfile).toMatch(/^FROM node:\d+/m);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toContain('COPY package.json package-lock.json ./');
    expect(dockerfile).not.toMatch(/\b(curl|wget|git clone)\b|^ADD https?:/m);
  });

  const copies = [...dockerfile.matchAll(/^COPY (.+)$/gm)].map((match) => {
    const parts = (match[1] ?? '').split(/\s+/);
    return { sources: parts.slice(0, -1), at: match.index ?? 0 };
  });
  const ignored = read('.dockerignore')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

  it("copies every workspace's package.json before `npm ci`, as npm ci needs the lockfile's workspaces", () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const npmCi = dockerfile.indexOf('RUN npm ci');
    const before = copies.filter((copy) => copy.at < npmCi).flatMap((copy) => copy.sources);
    for (const workspace of workspaces) expect(before, workspace).toContain(`${workspace}/package.json`);
  });

  it('copies only what is in the repository and not left out by .dockerignore', () => {
    for (const source of copies.flatMap((copy) => copy.sources)) {
      expect(exists(source), source).toBe(true);
      const topLevel = source.split('/')[0] ?? source;
      expect(ignored, source).not.toContain(topLevel);
    }
    // A developer's installed packages, PGlite folder, builds and secrets never reach the image.
    for (const pattern of ['**/node_modules', '**/data', '**/dist', '**/.env', '.git']) {
      expect(ignored).toContain(pattern);
    }
    // e2e/ is left out but its package.json, a workspace npm ci needs.
    expect(ignored).toEqual(expect.arrayContaining(['e2e/*', '!e2e/package.json']));
  });
});

describe('the rest of the recipe', () => {
  it('keeps browsers on one instance and passes websockets at the balancer', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/ip_hash;/);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
  });

  it('is linked from the README in one line', () => {
    expect(
      read('README.md')
        .split('\n')
        .filter((line) => line.includes('docs/deployment.md')),
    ).toHaveLength(1);
  });
});
