import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../cli.ts';
import { testDependencies } from '../../testing/test-context.ts';

async function script(shell: string): Promise<string> {
  const deps = testDependencies();
  expect(await run(['node', 'corridor', 'completion', shell], deps)).toBe(0);
  expect(deps.terminal.err()).toBe('');
  return deps.terminal.out();
}

const dir = mkdtempSync(join(tmpdir(), 'corridor-completion-'));

/** Runs `lines` in `shell` after loading the completion script saved in a file. */
function inShell(shell: string, text: string, lines: string): string {
  const file = join(dir, `corridor.${shell}`);
  writeFileSync(file, text);
  return execFileSync(shell, ['-c', `${lines.replace('SCRIPT', file)}`], { encoding: 'utf8' });
}

// zsh and fish come with the test command (scripts/need-packages.sh): every shell's script is run in it.
describe('completion', () => {
  it('refuses a shell it does not know with exit 2, naming the allowed ones', async () => {
    const deps = testDependencies();
    expect(await run(['node', 'corridor', 'completion', 'tcsh'], deps)).toBe(2);
    expect(deps.terminal.err()).toContain('Allowed choices are bash, zsh, fish');
  });

  it('bash completes commands, verbs, options and the values of --status, skipping option values', async () => {
    const text = await script('bash');
    const complete = (...words: string[]) =>
      inShell(
        'bash',
        text,
        `source SCRIPT; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _corridor_completion; echo "\${COMPREPLY[*]}"`,
      ).trim();
    expect(complete('corridor', 'pay')).toBe('payments');
    expect(complete('corridor', 'payments', '')).toBe('list get cancel repush --help --profile --api-root --json');
    expect(complete('corridor', '--profile', 'ops', 'payments', 'list', '--st')).toBe('--status');
    expect(complete('corridor', 'payments', 'list', '--status', 'I')).toBe('INITIATED');
    // The same flag under another command offers that command's values.
    expect(complete('corridor', 'reports', 'list', '--status', 'R')).toBe('RUNNING READY');
    expect(complete('corridor', 'auth', 't')).toBe('token');
    expect(complete('corridor', 'api', '-X', 'POST', '/x', '--j')).toBe('--jq --json');
    expect(complete('corridor', 'completion', '')).toBe('--help --profile --api-root --json');
  });

  it('zsh offers the verbs with their descriptions and the values of --status', async () => {
    const text = await script('zsh');
    const complete = (...words: string[]) =>
      inShell(
        'zsh',
        text,
        `compdef() { :; }; compadd() { shift; print -r -- "$*"; }; _describe() { print -rl -- "\${(@P)4}"; }; _files() { print files; }
source SCRIPT; words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _corridor`,
      ).trim();
    expect(complete('corridor', 'cache', '')).toBe(
      'list:list caches with their size, hits and misses\nentries:list the entries of one cache\nclear:clear the caches whose name contains NAME',
    );
    expect(complete('corridor', 'payments', 'list', '--status', '')).toBe('DRAFTED INITIATED PROCESSING COMPLETED CANCELLED REJECTED FAILED');
    expect(complete('corridor', 'rates', 'import', '')).toBe('files');
  });

  it('fish completes verbs under their command only, and the values of --status', async () => {
    const text = await script('fish');
    const complete = (line: string) => inShell('fish', text, `source SCRIPT; complete -C'${line}'`).trim();
    expect(complete('corridor cache ')).toMatch(/^clear\t.*\nentries\t.*\nlist\t/);
    expect(complete('corridor --profile ops payments list --status I')).toBe('INITIATED\tonly this status (any case)');
  });
});
