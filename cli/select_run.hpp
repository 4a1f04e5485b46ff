// pips select and the record run it shares with pips stats: every record of
// the inputs checked through the check pipeline (cli/check_pipeline.hpp:
// streaming, --jobs with the output in input order, the progress line), and
// what each subcommand makes of it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checker/checker.hpp"
#include "cli/check_pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/report.hpp"

namespace pips::cli {

// How a run over records goes.
struct RecordRunArgs {
    std::vector<std::string> files;  // `-` is standard input
    unsigned jobs = 1;               // as CheckArgs::jobs (0: hardware threads)
    bool progress = true;            // as CheckArgs::progress
    std::uint64_t progress_min_bytes = std::uint64_t{16} << 20;
    checker::CheckOptions options;  // how records are checked
};

// Checks every record, hands it and its verdict to `hook` on a checking
// thread, then each item to `write` in input order (the one thread writing);
// files that cannot be read and records that cannot be handled are said on
// `err` (the progress line cleared first). `out` is flushed as it fills.
// False when some input could not be read or some record not handled.
bool run_records(const RecordRunArgs& args, const Io& io, const RecordHook& hook, Output& out,
                 Output& err, const std::function<void(const CheckItem&)>& write);

// The names of the DGN error codes, of the rule sets, and of Result values.
std::vector<std::string> code_names();
std::vector<std::string> rule_set_names();
std::vector<std::string> result_values();

// "unknown WHAT 'word'" and, when one is near, "; did you mean 'NAME'?".
std::string unknown_word(std::string_view what, std::string_view word,
                         const std::vector<std::string>& names);

// The names of the Players tag, in seat order, each without the spaces
// around it; empty without the tag.
std::vector<std::string> player_names(const ast::Record& record);

// What identifies a record's play for --duplicates: the deals, stocks,
// redeals and plies of each hand (seat labels, `+N` claims, comments,
// spacing and tags left out; tiles in deals as sets, a play's tile in either
// order, a pose's tile as written), and the claim lines of hands that have
// no plies (score sheets). Two 64-bit hashes of it; nullopt for a record
// without hands.
using PlayKey = std::pair<std::uint64_t, std::uint64_t>;
std::optional<PlayKey> play_key(const ast::Record& record);

struct SelectArgs {
    RecordRunArgs run;
    std::string rules;                  // the Rules tag; empty: any
    std::string player;                 // a name of the Players tag; empty: any
    std::string result;                 // the Result tag as written; empty: any
    std::optional<bool> valid;          // true: --valid, false: --invalid
    std::optional<checker::Code> code;  // a record with an error of this code
    std::string ending;       // domino, block, tie or target: a record with a hand that ended so
    bool key_tile = false;    // a record with a hand a key tile decided
    bool duplicates = false;  // only copies of an earlier record's play (play_key)
    bool quiet = false;       // no summary line
};

// Whether the record and its verdict pass every filter of `args` but
// --duplicates (the filters AND together). The verdict holds the record's
// data when --ending or --key-tile is asked.
bool select_match(const SelectArgs& args, const ast::Record& record, const checker::Verdict& v);

// Writes the records that pass every filter on `out`, each exactly as its
// input holds it (comments and line ends included; a newline is added to a
// last record that has none); "pips select: N of M records" on `err` unless
// quiet. 0: some record written; 1: none; 2: could not run.
int run_select(const SelectArgs& args, const Io& io);

}  // namespace pips::cli
