// pips stats: counts over records, per group (all records, each player,
// side, seat, rule set, or each value of a tag), as a table, JSON lines or
// CSV. Streaming: what is kept is one set of counters per group.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "checker/checker.hpp"
#include "cli/select_run.hpp"

namespace pips::cli {

// What the records are grouped by. `tag`: the value of StatsArgs::tag (a
// record without that tag is in the group "").
enum class StatsBy { all, player, side, seat, rule_set, tag };

// Parties in the order of the counts' `wins`: sides, then seats.
inline constexpr std::array<const char*, 6> kStatsParties{"AC", "BD", "A", "B", "C", "D"};

// The counters of one group. A record counts in every group it belongs to
// (each of its players, sides, seats); its hands with it.
struct StatsCounts {
    std::uint64_t records = 0;
    std::uint64_t valid = 0;
    std::uint64_t invalid = 0;
    std::uint64_t unfinished = 0;  // valid, the last hand not over
    std::uint64_t hands = 0;       // hands of the records (as pips check counts them)
    std::uint64_t plies = 0;
    // Hands by how they ended: unknown, domino, block, tie, target.
    std::array<std::uint64_t, 5> outcomes{};
    std::uint64_t key_tile = 0;  // hands a key tile decided
    // Hands won by the group's own party (player, side, seat groups).
    std::uint64_t won = 0;
    std::uint64_t won_domino = 0;                            // ... of them by domino
    std::uint64_t won_block = 0;                             // ... of them by a block
    std::array<std::uint64_t, kStatsParties.size()> wins{};  // hands won, by party
    // Pips left in hand at the end of a hand, per seat where known (player
    // and seat groups: the group's seat; side groups: its seats; else every
    // seat).
    std::uint64_t pips_left_sum = 0;
    std::uint64_t pips_left_seats = 0;
    // Points won in hands whose points are known (party groups: by the
    // group's party; else by every party).
    std::int64_t points_sum = 0;
    std::uint64_t points_hands = 0;
    std::array<std::uint64_t, checker::kCodeNames.size()> errors{};  // diagnostics by code

    void add(const StatsCounts& other);
};

struct StatsArgs {
    RecordRunArgs run;
    StatsBy by = StatsBy::all;
    std::string tag;              // with StatsBy::tag
    std::string format = "text";  // text, json or csv
    bool quiet = false;           // no progress line
};

// The groups a record belongs to and what it adds to each (one record's
// share; the verdict holds the record's data, CheckOptions::data).
std::vector<std::pair<std::string, StatsCounts>> record_counts(const StatsArgs& args,
                                                               const ast::Record& record,
                                                               const checker::Verdict& v);

// The groups' counts as text (a table), json (one object a group a line) or
// csv (a header and one row a group).
std::string render_stats(const StatsArgs& args, const std::map<std::string, StatsCounts>& groups);

// Counts the records of the files and prints the groups' counts on `out`.
// 0: every input read; 2: could not run.
int run_stats(const StatsArgs& args, const Io& io);

// "player", "side", "seat", "rule-set", or a tag's name.
std::string stats_by_name(const StatsArgs& args);

}  // namespace pips::cli
