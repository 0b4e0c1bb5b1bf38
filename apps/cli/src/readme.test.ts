import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './cli.ts';
import { commandTree } from './commands/completion/command-tree.ts';
import { exitCodeHelp } from './exit-codes.ts';
import { testDependencies } from './testing/test-context.ts';

const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../README.md'), 'utf8');
const tree = commandTree(buildProgram(testDependencies()));

/** The command of each row of the README's "Commands" table: `corridor cache list [--like NAME]` → `cache list`. */
function documentedCommands(): string[] {
  const section = readme.slice(readme.indexOf('## Commands'), readme.indexOf('Global options:'));
  return [...section.matchAll(/^\| `corridor ([a-z ]+?)(?: [[<-].*?)?`/gm)].map((m) => (m[1] ?? '').trim());
}

describe('the README', () => {
  it('lists every command of the program, and only those, in its command table', () => {
    const verbs = tree.filter((spec) => spec.path !== '' && spec.subcommands.length === 0).map((spec) => spec.path);
    expect([...documentedCommands()].sort()).toEqual([...verbs].sort());
  });

  it('has the exit codes of corridor --help, word for word', () => {
    const table = [...readme.matchAll(/^\| (\d) \| (.+) \|$/gm)].map((m) => `${m[1]}  ${m[2]}`);
    const help = exitCodeHelp
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
    expect(table).toEqual(help);
  });

  it('names the payments verbs as they exist in the group help', () => {
    const payments = tree.find((spec) => spec.path === 'payments');
    const names = payments?.subcommands.map((c) => c.name) ?? [];
    expect(names).toEqual(['list', 'get', 'cancel', 'repush']);
    const description =
      buildProgram(testDependencies())
        .commands.find((c) => c.name() === 'payments')
        ?.description() ?? '';
    expect(description).toContain(`payments: ${names.join(', ')} `);
  });
});
