import { readFileSync } from 'node:fs';
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
  depends_on?: unknown;
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, TService> };
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

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  it('installs Loupe from the npm registry with the committed lockfile, and downloads nothing else', () => {
    expect(dockerfile).toMatch(/^FROM node:\d+/m);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toContain('COPY package.json package-lock.json ./');
    expect(dockerfile).not.toMatch(/\b(curl|wget|git clone)\b|^ADD https?:/m);
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
