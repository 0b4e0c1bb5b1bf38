import type { CommandContext, Dependencies, Prompts } from '../command-context.ts';
import { outputModeOf } from '../output/output-mode.ts';
import type { FakeBackend } from './fake-api.ts';
import { fakeBackend } from './fake-api.ts';
import type { FakeTerminal } from './fake-terminal.ts';
import { fakeTerminal } from './fake-terminal.ts';
import { memoryConfigStore } from './memory-config-store.ts';

export const FIXED_NOW = new Date('2026-03-01T10:00:00.000Z');

export interface TestDependencies extends Dependencies {
  terminal: FakeTerminal;
  backend: FakeBackend;
  config: ReturnType<typeof memoryConfigStore>;
  prompted: string[];
}

/** Dependencies of a command with every outside effect replaced by something the test can read. */
export function testDependencies(
  overrides: {
    terminal?: FakeTerminal;
    backend?: FakeBackend;
    config?: ReturnType<typeof memoryConfigStore>;
    env?: Record<string, string>;
    files?: Record<string, string>;
    answers?: { password?: string; text?: string; confirm?: boolean };
  } = {},
): TestDependencies {
  const prompted: string[] = [];
  const prompts: Prompts = {
    password: async (message) => {
      prompted.push(`password:${message}`);
      return overrides.answers?.password ?? '';
    },
    text: async (message) => {
      prompted.push(`text:${message}`);
      return overrides.answers?.text ?? '';
    },
    confirm: async (message) => {
      prompted.push(`confirm:${message}`);
      return overrides.answers?.confirm ?? false;
    },
  };
  const backend = overrides.backend ?? fakeBackend();
  return {
    terminal: overrides.terminal ?? fakeTerminal(),
    config: overrides.config ?? memoryConfigStore(),
    backend,
    createApi: backend.factory,
    env: overrides.env ?? {},
    prompts,
    prompted,
    readFile: async (path) => {
      const content = overrides.files?.[path];
      if (content === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
      return content;
    },
    now: () => FIXED_NOW,
  };
}

export function testContext(dependencies: TestDependencies, options: { profileName?: string; json?: boolean; apiRootOption?: string } = {}): CommandContext {
  const context: CommandContext = {
    ...dependencies,
    profileName: options.profileName ?? 'default',
    mode: outputModeOf({ json: options.json === true, isTTY: dependencies.terminal.stdoutIsTTY }),
  };
  if (options.apiRootOption !== undefined) context.apiRootOption = options.apiRootOption;
  return context;
}

export const signedInConfig = (apiRoot = 'http://backend.test') =>
  memoryConfigStore({ profiles: { default: { apiRoot, token: 'token-abc', username: '900000001' } } });
