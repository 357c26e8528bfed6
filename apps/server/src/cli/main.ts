import { loadConfig } from '../config';
import { EXIT_FAILED } from './cli-command';
import { describeError, run } from './run';

/**
 * `npm run careers -- <command> ...` (tsx from the sources) and `node dist/careers.js <command> ...` (a
 * built deployment): the operators' command line, configured like the server (DATA_DIR / DATABASE_URL).
 */
const io = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};

try {
  process.exitCode = await run(process.argv.slice(2), { io, config: loadConfig() });
} catch (error) {
  io.err(describeError(error));
  process.exitCode = EXIT_FAILED;
}
