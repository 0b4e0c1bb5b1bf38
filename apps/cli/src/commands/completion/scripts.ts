import type { CommandSpec, OptionSpec } from './command-tree.ts';

/** A word inside single quotes of sh, zsh and fish. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function fishQuoted(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The first line of a description: completions show one short line. */
function short(text: string): string {
  return text.split('\n')[0] ?? '';
}

function valueFlags(tree: readonly CommandSpec[]): string[] {
  const flags = new Set<string>();
  for (const spec of tree) for (const option of spec.options) if (option.takesValue) for (const flag of option.flags) flags.add(flag);
  return [...flags].sort();
}

/**
 * Each option that takes one of a fixed set, with the set, keyed by its command's path and the flag: the same
 * flag may take other values under another command (`payments list --status`, `reports list --status`).
 */
function choiceFlags(tree: readonly CommandSpec[]): Map<string, readonly string[]> {
  const choices = new Map<string, readonly string[]>();
  for (const spec of tree) {
    for (const option of spec.options) if (option.choices.length > 0) for (const flag of option.flags) choices.set(`${spec.path} ${flag}`, option.choices);
  }
  return choices;
}

function words(spec: CommandSpec): string {
  return [...spec.subcommands.map((c) => c.name), ...spec.options.flatMap((o: OptionSpec) => o.flags.filter((f) => f.startsWith('--')))].join(' ');
}

/** bash: `eval "$(corridor completion bash)"`, or the output saved in bash-completion's folder. */
export function bashScript(tree: readonly CommandSpec[]): string {
  const commandCases = tree.map((spec) => `    ${quoted(spec.path)}) echo ${quoted(spec.subcommands.map((c) => c.name).join(' '))} ;;`).join('\n');
  const wordCases = tree.map((spec) => `    ${quoted(spec.path)}) echo ${quoted(words(spec))} ;;`).join('\n');
  const choiceCases = [...choiceFlags(tree)]
    .map(([key, values]) => `    ${quoted(key)}) COMPREPLY=($(compgen -W ${quoted(values.join(' '))} -- "$cur")); return ;;`)
    .join('\n');
  return `# corridor completion for bash. Load it with: eval "$(corridor completion bash)"
_corridor_commands() {
  case "$1" in
${commandCases}
  esac
}

_corridor_words() {
  case "$1" in
${wordCases}
  esac
}

_corridor_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in
      ${valueFlags(tree).join('|')}) ((i++)) ;;
      -*) ;;
      *) if [[ " $(_corridor_commands "$path") " == *" $word "* ]]; then path="\${path:+$path }$word"; fi ;;
    esac
  done
  case "$path $prev" in
${choiceCases}
  esac
  case "$prev" in
    ${valueFlags(tree).join('|')}) return ;;
  esac
  COMPREPLY=($(compgen -W "$(_corridor_words "$path")" -- "$cur"))
}

complete -o default -F _corridor_completion corridor
`;
}

/** zsh: `source <(corridor completion zsh)` after compinit, or the output saved as _corridor in $fpath. */
export function zshScript(tree: readonly CommandSpec[]): string {
  const commandCases = tree.map((spec) => `    (${quoted(spec.path)}) print -r -- ${quoted(spec.subcommands.map((c) => c.name).join(' '))} ;;`).join('\n');
  const describedCases = tree
    .map((spec) => `    (${quoted(spec.path)}) described=(${spec.subcommands.map((c) => quoted(`${c.name}:${short(c.description)}`)).join(' ')}) ;;`)
    .join('\n');
  const optionCases = tree
    .map((spec) => `    (${quoted(spec.path)}) flags=(${spec.options.flatMap((o) => o.flags.map((f) => quoted(f))).join(' ')}) ;;`)
    .join('\n');
  const choiceCases = [...choiceFlags(tree)].map(([key, values]) => `    (${quoted(key)}) compadd -- ${values.join(' ')}; return ;;`).join('\n');
  return `#compdef corridor
# corridor completion for zsh. Load it with: source <(corridor completion zsh)   (after compinit)
_corridor() {
  local cmdpath="" word i
  local -a described flags
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    case $word in
      (${valueFlags(tree).join('|')}) ((i++)) ;;
      (-*) ;;
      (*) if [[ " $(_corridor_commands "$cmdpath") " == *" $word "* ]]; then cmdpath="\${cmdpath:+$cmdpath }$word"; fi ;;
    esac
  done
  case "$cmdpath \${words[CURRENT-1]}" in
${choiceCases}
  esac
  case \${words[CURRENT-1]} in
    (${valueFlags(tree).join('|')}) _files; return ;;
  esac
  case $cmdpath in
${describedCases}
  esac
  case $cmdpath in
${optionCases}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then
    compadd -- $flags
  elif (( \${#described} )); then
    _describe -t commands 'corridor command' described
  else
    _files
  fi
}

_corridor_commands() {
  case $1 in
${commandCases}
  esac
}

if [ "$funcstack[1]" = "_corridor" ]; then
  _corridor "$@"
else
  compdef _corridor corridor
fi
`;
}

/** fish: `corridor completion fish | source`, or the output saved as ~/.config/fish/completions/corridor.fish. */
export function fishScript(tree: readonly CommandSpec[]): string {
  const childCases = tree
    .map((spec) => `        case ${fishQuoted(spec.path)}\n            printf '%s\\n' ${spec.subcommands.map((c) => fishQuoted(c.name)).join(' ')}`)
    .join('\n');
  const lines: string[] = [];
  for (const spec of tree) {
    const at = `-n ${fishQuoted(`__corridor_at ${fishQuoted(spec.path)}`)}`;
    for (const sub of spec.subcommands) lines.push(`complete -c corridor -f ${at} -a ${fishQuoted(sub.name)} -d ${fishQuoted(short(sub.description))}`);
    for (const option of spec.options) {
      const long = option.flags.find((f) => f.startsWith('--'));
      const shortFlag = option.flags.find((f) => !f.startsWith('--'));
      const parts = [`complete -c corridor ${at}`];
      if (long) parts.push(`-l ${long.slice(2)}`);
      if (shortFlag) parts.push(`-s ${shortFlag.slice(1)}`);
      if (option.takesValue) parts.push('-r');
      if (option.choices.length > 0) parts.push(`-f -a ${fishQuoted(option.choices.join(' '))}`);
      parts.push(`-d ${fishQuoted(short(option.description))}`);
      lines.push(parts.join(' '));
    }
  }
  return `# corridor completion for fish. Load it with: corridor completion fish | source
function __corridor_children
    switch "$argv[1]"
${childCases}
    end
end

function __corridor_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path
    set -l skip 0
    for token in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch $token
            case ${valueFlags(tree).map(fishQuoted).join(' ')}
                set skip 1
            case '-*'
            case '*'
                if contains -- $token (__corridor_children (string join ' ' $path))
                    set path $path $token
                end
        end
    end
    string join ' ' $path
end

function __corridor_at
    set -l path (__corridor_path)
    test "$path" = "$argv[1]"
end

${lines.join('\n')}
`;
}
