// The consumer apps of tests/consumers/, installed and built as their developers would: Sidelog from its packed tarball,
// their other dependencies (React, Vite, webpack) linked from this repository's node_modules as a workspace links them,
// and each built once by its own bundler, in a directory of the run's own.
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { productionBuild } from '../support/production-build.ts';
import webpack, { type Configuration } from 'webpack';
import { installSdk } from '../../scripts/pack-sdk.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/consumers');

export const CONSUMERS = ['vite-react', 'webpack5', 'plain-html'] as const;
export type ConsumerName = (typeof CONSUMERS)[number];

export interface ConsumerApp {
  name: ConsumerName;
  /** The app's directory once installed. */
  appDir: string;
  /** What is served: the app's output, or the app itself where no bundler built it. */
  siteDir: string;
}

/** Copies the fixture to `appDir` and installs its dependencies: Sidelog from the tarball, the rest linked. */
function install(name: ConsumerName, appDir: string, tarball: string): void {
  cpSync(join(FIXTURES, name), appDir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    if (dependency === 'sidelog') continue;
    const link = join(appDir, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dependency), link, 'dir');
  }
  installSdk(tarball, appDir);
}

/** Builds the webpack app with its `webpack.config.js`, or another of its configs. */
export async function runWebpack(appDir: string, configFile = 'webpack.config.js'): Promise<void> {
  const config = ((await import(pathToFileURL(join(appDir, configFile)).href)) as { default: Configuration }).default;
  await new Promise<void>((done, fail) =>
    webpack(config, (error, stats) => {
      if (error || stats?.hasErrors()) fail(error ?? new Error(stats!.toString({ all: false, errors: true })));
      else done();
    }),
  );
}

/** Builds the app as its `npm run build` would; returns the directory to serve. */
async function buildApp(name: ConsumerName, appDir: string, outDir = 'dist'): Promise<string> {
  if (name === 'vite-react') {
    await productionBuild(appDir, outDir);
    return join(appDir, outDir);
  }
  if (name === 'webpack5') await runWebpack(appDir);
  return appDir;
}

/** Installs and builds one consumer app under `workDir`. */
export async function prepareApp(name: ConsumerName, workDir: string, tarball: string): Promise<ConsumerApp> {
  const appDir = join(workDir, name);
  install(name, appDir, tarball);
  return { name, appDir, siteDir: await buildApp(name, appDir) };
}

/** The Vite app's next deploy: the same Sidelog, a change to the app's own code, built into `dist-next`. */
export async function buildNextDeploy(app: ConsumerApp): Promise<string> {
  const main = join(app.appDir, 'src/main.jsx');
  writeFileSync(main, `${readFileSync(main, 'utf8')}\nconsole.info('the next deploy');\n`);
  return buildApp(app.name, app.appDir, 'dist-next');
}

/** The files of a Vite build's assets whose name holds `part`. */
export function assetsNamed(siteDir: string, part: string): string[] {
  return readdirSync(join(siteDir, 'assets')).filter((file) => file.includes(part));
}
