#!/usr/bin/env zsh
# Prints what zsh's completion offers for command lines, using the completion
# functions in a directory: for each line, "@@line LINE" and then its matches,
# one a line.
#
#   zsh -f zsh_complete.zsh COMPLETIONS_DIR 'pips check --format ' 'pips che'
#
# Completion only runs in the line editor, so an interactive zsh is started on
# a pseudo-terminal (zsh/zpty), each line is typed there followed by a TAB, and
# compadd is wrapped to print the matches it is given (between two marker
# lines) instead of adding them; Ctrl-U then clears the line.
zmodload zsh/zpty || exit 2
dir=$1
shift

zpty z zsh -f -i
setup=(
  "PROMPT='' RPROMPT='' PS2=''"
  "fpath=(${(q)dir} \$fpath)"
  "autoload -U compinit && compinit -u -D"
  "zstyle ':completion:*' list-separator ''"
  "zstyle ':completion:*' insert-tab false"
  "_tc_mark() { print -r -- \$1 }"
  "_tc_complete() { compprefuncs=( '_tc_mark @@begin' ); comppostfuncs=( '_tc_mark @@end' ); zle complete-word }"
  "zle -N _tc_complete && bindkey '^I' _tc_complete"
  "compadd() {
     if [[ \${(j: :)@[1,(i)(-|--)]} == *-[OAD]* ]]; then builtin compadd \"\$@\"; return; fi
     local -a __hits; builtin compadd -A __hits \"\$@\"
     local h; for h in \$__hits; do print -r -- \"@@match \$IPREFIX\$h\"; done
   }"
  "print @@ready"
)
for l in $setup; do zpty -w z $l; done

# Waits for a line matching $1 (a pattern), printing the matches on the way.
await() {
  local line
  integer deadline=$(( SECONDS + 20 ))
  while (( SECONDS < deadline )); do
    if zpty -rt z line; then
      line=${${line//$'\r'/}%$'\n'}
      [[ $line == *$~1* ]] && return 0
      [[ $line == @@match\ * && -n $2 ]] && print -r -- ${line#@@match }
    else
      sleep 0.05
    fi
  done
  print -u2 "zsh_complete: timed out waiting for $1"
  return 1
}
await '@@ready' || exit 2
for cmdline in "$@"; do
  print -r -- "@@line $cmdline"
  zpty -n -w z "$cmdline"$'\t'
  await '@@begin' || exit 2
  await '@@end' print || exit 2
  zpty -n -w z $'\C-u'
done
zpty -d z
