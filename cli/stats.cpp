// pips stats: counts over records, per group, as a table, JSON lines or CSV.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "cli/nearest.hpp"
#include "cli/stats_run.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

namespace {

// What --by takes: a grouping word or a tag name (a letter, then letters,
// digits and `_`); a word within two edits of a grouping word is taken
// for a typing slip unless it starts with a capital, as tag names do.
std::string check_by(const std::string& value) {
    const std::vector<std::string> words{"player", "side", "seat", "rule-set"};
    for (const auto& w : words)
        if (value == w) return {};
    const bool tag = !value.empty() && std::isalpha(static_cast<unsigned char>(value[0])) &&
                     std::all_of(value.begin(), value.end(), [](char c) {
                         return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                     });
    const bool capital = !value.empty() && std::isupper(static_cast<unsigned char>(value[0]));
    if (tag && (capital || nearest_name(value, words).empty())) return {};
    return unknown_word("grouping (player, side, seat, rule-set or a tag name)", value, words);
}

}  // namespace

void setup_stats(CLI::App& app) {
    auto args = std::make_shared<StatsArgs>();
    auto by = std::make_shared<std::string>();
    auto files = std::make_shared<std::vector<std::string>>();
    auto* sub = app.add_subcommand(
        "stats", "Count hands, wins, endings and errors over records, per player, side, tag...");
    sub->add_option("--by", *by,
                    "Group by player, side (seats in individual games), seat, rule-set, or any "
                    "tag name (Event, Site, Table, Round, ...); default: one group of all "
                    "records")
        ->check(CLI::Validator(check_by, "", "GROUPING"));
    sub->add_option("--format", args->format,
                    "text: a table; json: one object per group per line; csv: a header and one "
                    "row per group")
        ->check(CLI::IsMember({"text", "json", "csv"}))
        ->capture_default_str();
    add_jobs_option(*sub, args->run.jobs);
    sub->add_flag("-q,--quiet", args->quiet, "Leave out the progress line on standard error");
    sub->add_option("files", *files, "DGN files; - reads standard input")->required();
    sub->footer(
        "A record counts in every group it belongs to (each of its players, sides or seats),\n"
        "and its hands with it; \"won\" is the hands the group's own side or seat won.\n"
        "\n"
        "Examples:\n"
        "  pips stats season.dgn\n"
        "  pips stats --by player --format json season.dgn | jq .\n"
        "  pips stats --by Event --format csv season.dgn > events.csv\n"
        "\n"
        "Exit status: 0 counted, 2 could not run.");
    sub->callback([args, by, files] {
        StatsArgs a = *args;
        a.run.files = *files;
        if (by->empty())
            a.by = StatsBy::all;
        else if (*by == "player")
            a.by = StatsBy::player;
        else if (*by == "side")
            a.by = StatsBy::side;
        else if (*by == "seat")
            a.by = StatsBy::seat;
        else if (*by == "rule-set")
            a.by = StatsBy::rule_set;
        else
            a.by = StatsBy::tag, a.tag = *by;
        if (int code = run_stats(a, standard_io()); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
