/** table on a terminal, plain tab-separated lines in a pipe, json when asked. */
export type OutputMode = 'table' | 'plain' | 'json';

export function outputModeOf(options: { json: boolean; isTTY: boolean }): OutputMode {
  if (options.json) return 'json';
  return options.isTTY ? 'table' : 'plain';
}
