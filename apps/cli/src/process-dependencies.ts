import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import password from '@inquirer/password';
import type { Dependencies, Prompts, Terminal } from './command-context.ts';
import { createContractCorridorApi } from './client/contract-corridor-api.ts';
import { configFilePath } from './config/config-path.ts';
import { createFileConfigStore } from './config/file-config-store.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function processTerminal(): Terminal {
  // `corridor ... | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  return {
    stdout: (chunk) => process.stdout.write(chunk),
    stderr: (chunk) => process.stderr.write(chunk),
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    readStdin: () => readAll(process.stdin),
  };
}

/** Prompts write to stderr so stdout stays clean for --json and pipes. */
function terminalPrompts(): Prompts {
  return {
    password: (message) => password({ message, mask: '*' }, { output: process.stderr }),
    async text(message, defaultValue) {
      const lines = createInterface({ input: process.stdin, output: process.stderr });
      try {
        const answer = await lines.question(defaultValue ? `${message} [${defaultValue}]: ` : `${message}: `);
        return answer === '' && defaultValue ? defaultValue : answer;
      } finally {
        lines.close();
      }
    },
    async confirm(message) {
      const lines = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^(y|yes)$/i.test((await lines.question(`${message} [y/N]: `)).trim());
      } finally {
        lines.close();
      }
    },
  };
}

/** The real process: its streams, environment, config file and the HTTP backend. */
export function processDependencies(): Dependencies {
  return {
    terminal: processTerminal(),
    config: createFileConfigStore(configFilePath(process.env)),
    createApi: (connection) => createContractCorridorApi(connection),
    env: process.env,
    prompts: terminalPrompts(),
    // `pnpm corridor` runs in apps/cli; INIT_CWD is where the user typed it, so relative paths mean
    // what the user meant.
    readFile: (path) => readFile(resolve(process.env['INIT_CWD'] ?? process.cwd(), path), 'utf8'),
    now: () => new Date(),
  };
}
