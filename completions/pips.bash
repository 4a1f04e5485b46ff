# bash completion for pips(1): subcommands, options, option values (formats,
# rule sets and their options) and files. Installed as
# share/bash-completion/completions/pips; to try it from a checkout:
#   source completions/pips.bash
#
# The lists below are those of pips(1) (docs/man/pips.1.md); a test checks
# them against `pips SUBCOMMAND --help` and the rule options pips knows.

_pips_subcommands="check fmt annotate analyze render view generate rescore perft select stats"
_pips_rules="jamaican cutthroat french chiva quinientos fives-threes"

# The options of a rule set, as in its Options tag.
_pips_rule_options() {
    case $1 in
    jamaican) echo "sporting playoff tie-replay" ;;
    cutthroat) echo "draw" ;;
    french) echo "blank-ten" ;;
    quinientos) echo "reshuffle bonus capicu double-blank tie-closer block-player" ;;
    esac
}

# The options of a subcommand (none: of pips itself).
_pips_options() {
    case $1 in
    check) echo "-h --help --format -q --quiet -j --jobs --stats --color" ;;
    fmt) echo "-h --help --strict --strip-annotations --label --color" ;;
    annotate) echo "-h --help --format --color" ;;
    analyze) echo "-h --help --format --tt-mb --max-nodes --sample --seed -j --jobs --shard" ;;
    render) echo "-h --help --hand --ply --width --record -o --output" ;;
    view) echo "-h --help -o --output --analysis --width" ;;
    generate) echo "-h --help --rules --players --options --matches --seed --deals --labels --claims --summary --bot --max-hands --mutate" ;;
    rescore) echo "-h --help --rules" ;;
    perft) echo "-h --help --rules --players --depth" ;;
    select) echo "-h --help --rules --player --result --valid --invalid --code --ending --key-tile --duplicates -j --jobs -q --quiet" ;;
    stats) echo "-h --help --by --format -j --jobs -q --quiet" ;;
    *) echo "-h --help --version" ;;
    esac
}

# COMPREPLY from the candidates that start with $1. Bash replaces only the
# part of the word after its last word-break character (: or = by default),
# so that part is what is left of each candidate.
_pips_reply() {
    local cur=$1
    shift
    local IFS=$'\n'
    mapfile -t COMPREPLY < <(compgen -W "$*" -- "$cur")
    local i keep=""
    for ((i = ${#cur} - 1; i >= 0; i--)); do
        if [[ ${cur:i:1} == [:=] && $COMP_WORDBREAKS == *"${cur:i:1}"* ]]; then
            keep=${cur:0:i+1}
            break
        fi
    done
    [[ -n $keep ]] && COMPREPLY=("${COMPREPLY[@]#"$keep"}")
    return 0
}

# R or R:OPT,OPT... for --rules of rescore and perft.
_pips_rules_spec() {
    local prefix=$1 value=$2
    if [[ $value != *:* ]]; then
        local r candidates=()
        for r in $_pips_rules; do candidates+=("$prefix$r"); done
        _pips_reply "$prefix$value" "${candidates[@]}"
        return
    fi
    local rule=${value%%:*} opts=${value#*:}
    local chosen=""
    [[ $opts == *,* ]] && chosen=${opts%,*},
    local o candidates=()
    for o in $(_pips_rule_options "$rule"); do
        [[ ,$chosen == *",$o,"* ]] || candidates+=("$prefix$rule:$chosen$o")
    done
    _pips_reply "$prefix$value" "${candidates[@]}"
    # Leave the cursor after the option, for a comma and another one.
    [[ ${#COMPREPLY[@]} -gt 0 ]] && compopt -o nospace 2>/dev/null
    return 0
}

# Candidates for the value of option $2 of subcommand $1; $3 is the value
# so far, $4 what is written before it in the word (--opt= or nothing), $5 the
# rule set named by --rules on the line. Returns 1 when $2 takes no value.
_pips_option_value() {
    local sub=$1 opt=$2 value=$3 prefix=$4 rules=$5
    local values
    case $sub:$opt in
    check:--format) values="text json" ;;
    check:--color | fmt:--color | annotate:--color) values="auto always never" ;;
    annotate:--format) values="dgn json csv" ;;
    analyze:--format) values="dgn json" ;;
    generate:--rules | select:--rules) values=$_pips_rules ;;
    select:--result) values="A B C D AC BD * tie" ;;
    select:--code) values="syntax bad-tag bad-deal wrong-seat not-in-hand no-match ambiguous-end illegal-pass illegal-draw wrong-pose after-end end-mismatch points-mismatch score-mismatch result-mismatch" ;;
    select:--ending) values="domino block tie target" ;;
    stats:--by) values="player side seat rule-set Event Site Date Round Table" ;;
    stats:--format) values="text json csv" ;;
    select:--player | select:-j | select:--jobs | stats:-j | stats:--jobs) values="" ;;
    generate:--options) values=$(_pips_rule_options "${rules:-jamaican}") ;;
    generate:--players | perft:--players) values="2 3 4" ;;
    generate:--deals | generate:--labels) values="full none" ;;
    generate:--claims) values="all end score none" ;;
    generate:--bot) values="random greedy" ;;
    rescore:--rules | perft:--rules)
        _pips_rules_spec "$prefix" "$value"
        return 0
        ;;
    analyze:--tt-mb | analyze:--max-nodes | analyze:--shard | analyze:-j | analyze:--jobs | analyze:--sample | analyze:--seed) values="" ;;
    render:--hand | render:--ply | render:--width | render:--record | view:--width) values="" ;;
    check:-j | check:--jobs | generate:--matches | generate:--seed | generate:--max-hands | perft:--depth)
        values="" ;;
    *) return 1 ;;
    esac
    local v candidates=()
    for v in $values; do candidates+=("$prefix$v"); done
    _pips_reply "$prefix$value" "${candidates[@]}"
    return 0
}

_pips() {
    COMPREPLY=()
    # The words before the cursor, split at blanks only (COMP_WORDS splits
    # at : and = too).
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    read -ra words <<<"$line"
    local cur=""
    if [[ $line != *[[:space:]] && ${#words[@]} -gt 0 ]]; then
        cur=${words[${#words[@]} - 1]}
        unset 'words[${#words[@]}-1]'
    fi
    local prev=""
    [[ ${#words[@]} -gt 1 ]] && prev=${words[${#words[@]} - 1]}

    local sub="" rules="" i
    for ((i = 1; i < ${#words[@]}; i++)); do
        case ${words[i]} in
        --rules) rules=${words[i + 1]:-} ;;
        --rules=*) rules=${words[i]#--rules=} ;;
        -*) ;;
        *) [[ -z $sub ]] && sub=${words[i]} ;;
        esac
    done
    rules=${rules%%:*}

    if [[ -n $sub && $cur == --*=* ]]; then
        _pips_option_value "$sub" "${cur%%=*}" "${cur#*=}" "${cur%%=*}=" "$rules" && return 0
    fi
    if [[ -n $sub && $prev == -* ]]; then
        _pips_option_value "$sub" "$prev" "$cur" "" "$rules" && return 0
    fi
    # The lists are split into words on purpose.
    # shellcheck disable=SC2046,SC2086
    if [[ $cur == -* ]]; then
        _pips_reply "$cur" $(_pips_options "$sub")
    elif [[ -z $sub ]]; then
        _pips_reply "$cur" $_pips_subcommands
    else
        # DGN files, or - for standard input.
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "${COMP_WORDS[COMP_CWORD]}")
    fi
    return 0
}

complete -F _pips pips
