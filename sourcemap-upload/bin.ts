// The package's `sidelog` command (packages/sidelog/package.json's bin): sourcemap-upload/cli.ts on the process.
import { runCli } from './cli.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  env: process.env,
});
