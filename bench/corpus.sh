# The benchmark corpora, shared by bench/run.sh and bench/compare.sh (sourced;
# the caller defines `say MESSAGE...`).

# players_of RULES: the player count each rule set is benchmarked with.
players_of() {
    case $1 in
        cutthroat) echo 3 ;;
        fives-threes) echo 2 ;;
        *) echo 4 ;;
    esac
}

# generate_corpus PIPS RULES MB SEED FILE: a corpus of at least MB megabytes
# (10^6 bytes) made by PIPS, full deals. The match count is estimated from a
# 50-match sample and raised until the file is large enough; a stamp beside
# the file (rules, players, seed, size, and PIPS's version and contents) lets
# a later run reuse it.
generate_corpus() {
    local pips=$1 r=$2 mb=$3 seed=$4 file=$5 players want sample n stamp
    players=$(players_of "$r")
    want=$((mb * 1000000))
    stamp="rules=$r players=$players seed=$seed min_bytes=$want $("$pips" --version) $(sha1sum <"$pips" | cut -c1-16)"
    if [[ -f $file && -f $file.stamp && $(cat "$file.stamp") == "$stamp" ]]; then
        say "reusing $file"
        return
    fi
    sample=$("$pips" generate --rules "$r" --players "$players" --matches 50 --seed "$seed" | wc -c)
    n=$((want / (sample / 50) * 105 / 100 + 1))
    for _ in 1 2 3 4 5 6 7 8; do
        say "generating $r ($players players): $n matches"
        "$pips" generate --rules "$r" --players "$players" --matches "$n" --seed "$seed" >"$file"
        [[ $(stat -c %s "$file") -ge $want ]] && break
        n=$((n * 11 / 10 + 1))
    done
    echo "$stamp" >"$file.stamp"
}
