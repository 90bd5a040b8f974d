/**
 * Every place that lists the services' images names the same eight (issue 24): the workspaces
 * under services/, the chart's values and its single-host file, skaffold's artifacts, compose's
 * builds, the image scripts and the image tests; and the Dockerfile's HEALTHCHECK knows each
 * service's default port as the chart does. A service added in one place only fails here, before
 * any image is built.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { SERVICES } from '../images/support.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const sorted = (names: Iterable<string>) => [...names].sort();

const workspaces = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'kit')
  .map((entry) => entry.name);
const values = YAML.parse(read('charts/seqgen/values.yaml'));

describe('the images the repository defines', () => {
  it('the image tests cover every service workspace (kit is a library, not a service)', () => {
    expect(sorted(SERVICES)).toEqual(sorted(workspaces));
  });

  it('the chart renders each, and the single-host values give each its metrics port', () => {
    expect(sorted(Object.keys(values.services))).toEqual(sorted(workspaces));
    const single = YAML.parse(read('charts/seqgen/values-single-host.yaml'));
    expect(sorted(Object.keys(single.services))).toEqual(sorted(workspaces));
    const metricsPorts = Object.values(single.services).map((s) => (s as { metricsPort: number }).metricsPort);
    expect(new Set(metricsPorts).size).toBe(workspaces.length);
  });

  it('skaffold builds each from the Dockerfile with its SERVICE and hands the chart its image', () => {
    const skaffold = YAML.parse(read('skaffold.yaml'));
    const artifacts = skaffold.build.artifacts as {
      image: string;
      docker: { dockerfile: string; buildArgs: { SERVICE: string } };
    }[];
    expect(sorted(artifacts.map((a) => a.image))).toEqual(sorted(workspaces.map((s) => `seqgen-${s}`)));
    for (const artifact of artifacts) {
      expect(artifact.docker.dockerfile).toBe('Dockerfile');
      expect(artifact.image).toBe(`seqgen-${artifact.docker.buildArgs.SERVICE}`);
    }
    const set = skaffold.deploy.helm.releases[0].setValueTemplates as Record<string, string>;
    for (const service of workspaces) {
      expect(set[`services.${service}.image.repository`]).toBe(`{{.IMAGE_REPO_seqgen_${service}}}`);
    }
  });

  it('compose builds each from the Dockerfile with its SERVICE, on the chart port', () => {
    const compose = YAML.parse(read('docker-compose.yml'));
    const built = Object.entries(
      compose.services as Record<string, { build?: { args: { SERVICE: string } }; environment: { PORT: string } }>,
    ).filter(([, s]) => s.build);
    expect(sorted(built.map(([name]) => name))).toEqual(sorted(workspaces));
    for (const [name, service] of built) {
      expect(service.build?.args.SERVICE).toBe(name);
      expect(Number(service.environment.PORT)).toBe(values.services[name].port);
    }
  });

  it("the image scripts build each, and the Dockerfile's HEALTHCHECK knows each default port", () => {
    const list = /^SERVICES=\(([^)]*)\)/m.exec(read('scripts/images/lib.sh'))?.[1] ?? '';
    expect(sorted(list.trim().split(/\s+/))).toEqual(sorted(workspaces));
    const ports = /const d=(\{[^}]*\})/.exec(read('Dockerfile'))?.[1] ?? '{}';
    const defaults = Object.fromEntries(
      [...ports.matchAll(/(\w+):(\d+)/g)].map(([, name, port]) => [name as string, Number(port)]),
    );
    expect(defaults).toEqual(Object.fromEntries(workspaces.map((s) => [s, values.services[s].port])));
  });
});
