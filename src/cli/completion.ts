/**
 * `roadcam completion bash|zsh|fish`: a completion script for each shell, generated from the
 * one command table (commands/table.ts), so that a new command or flag completes everywhere
 * without a script edited by hand three times. The names completed are plain words (letters,
 * digits, - and _), so they need no quoting in any of the three shells.
 */
import { COMMANDS, flagsOf, switchesOf } from './commands/table.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Entry {
  /** "cameras search" or "login". */
  name: string;
  options: string[];
}

/** The completion command itself, which is not in the table (it reads the table). */
const COMPLETION = 'completion';

function entries(): Entry[] {
  return Object.entries(COMMANDS).map(([name, command]) => ({
    name,
    options: [...flagsOf(command), ...switchesOf(command)].map((f) => `--${f}`),
  }));
}

/** First words, and the second words of each group ("cameras" -> search show live ...). */
function words(): { first: string[]; groups: Map<string, string[]> } {
  const first: string[] = [];
  const groups = new Map<string, string[]>();
  for (const name of Object.keys(COMMANDS)) {
    const [head, sub] = name.split(' ') as [string, string | undefined];
    if (!first.includes(head)) first.push(head);
    if (sub !== undefined) groups.set(head, [...(groups.get(head) ?? []), sub]);
  }
  first.push(COMPLETION);
  groups.set(COMPLETION, [...SHELLS]);
  return { first, groups };
}

export function completionScript(shell: Shell): string {
  switch (shell) {
    case 'bash':
      return bash();
    case 'zsh':
      return zsh();
    case 'fish':
      return fish();
  }
}

function bash(): string {
  const { first, groups } = words();
  const groupCases = [...groups]
    .map(
      ([head, subs]) =>
        `      ${head}) COMPREPLY=($(compgen -W "${subs.join(' ')}" -- "$cur")); return ;;`,
    )
    .join('\n');
  const optionCases = entries()
    .map((e) => `    "${e.name}") opts="${e.options.join(' ')}" ;;`)
    .join('\n');
  return `# roadcam completion for bash: source it, or save it as
# ~/.local/share/bash-completion/completions/roadcam
_roadcam() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" opts=""
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${first.join(' ')}" -- "$cur"))
    return
  fi
  if [[ $COMP_CWORD -eq 2 ]]; then
    case "\${COMP_WORDS[1]}" in
${groupCases}
    esac
  fi
  [[ $cur == -* ]] || return
  case "\${COMP_WORDS[1]} \${COMP_WORDS[2]}" in
${optionCases}
  esac
  if [[ -z $opts ]]; then
    case "\${COMP_WORDS[1]}" in
${optionCases}
    esac
  fi
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _roadcam roadcam
`;
}

function zsh(): string {
  const { first, groups } = words();
  const groupCases = [...groups]
    .map(([head, subs]) => `      ${head}) compadd -- ${subs.join(' ')}; return ;;`)
    .join('\n');
  const optionCases = entries()
    .map((e) => `    '${e.name}') opts=(${e.options.join(' ')}) ;;`)
    .join('\n');
  return `#compdef roadcam
# roadcam completion for zsh: save it as _roadcam in a folder of $fpath, or source it
_roadcam() {
  local -a opts
  if (( CURRENT == 2 )); then
    compadd -- ${first.join(' ')}
    return
  fi
  if (( CURRENT == 3 )); then
    case $words[2] in
${groupCases}
    esac
  fi
  if [[ $PREFIX != -* ]]; then
    _files
    return
  fi
  case "$words[2] $words[3]" in
${optionCases}
  esac
  if (( $#opts == 0 )); then
    case "$words[2]" in
${optionCases}
    esac
  fi
  compadd -- $opts
}
if [[ $funcstack[1] == _roadcam ]]; then
  _roadcam "$@"
else
  compdef _roadcam roadcam
fi
`;
}

function fish(): string {
  const { first, groups } = words();
  const lines = [
    '# roadcam completion for fish: save it as ~/.config/fish/completions/roadcam.fish',
    `complete -c roadcam -n __fish_use_subcommand -f -a '${first.join(' ')}'`,
  ];
  for (const [head, subs] of groups) {
    lines.push(
      `complete -c roadcam -n '__fish_seen_subcommand_from ${head}; and not __fish_seen_subcommand_from ${subs.join(' ')}' -f -a '${subs.join(' ')}'`,
    );
  }
  for (const [name, command] of Object.entries(COMMANDS)) {
    const [head, sub] = name.split(' ');
    const when =
      sub === undefined
        ? `__fish_seen_subcommand_from ${head}`
        : `__fish_seen_subcommand_from ${head}; and __fish_seen_subcommand_from ${sub}`;
    for (const f of flagsOf(command)) lines.push(`complete -c roadcam -n '${when}' -l ${f} -r`);
    for (const s of switchesOf(command)) lines.push(`complete -c roadcam -n '${when}' -l ${s}`);
  }
  return `${lines.join('\n')}\n`;
}
