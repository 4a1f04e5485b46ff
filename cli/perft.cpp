// pips perft: counts the legal ply sequences of a dealt hand to a depth
// (docs/perft.md), as chess engines' perft does, to pin move generation.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/subcommands.hpp"
#include "cli/tools.hpp"

namespace pips::cli {

namespace {

// Far deeper than any hand needs (at most 28 plays, with passes between); in
// french, passes while able can go on for ever, and the count with them.
constexpr int kMaxDepth = 1000;

}  // namespace

void setup_perft(CLI::App& app) {
    auto opt = std::make_shared<PerftArgs>();
    auto* sub = app.add_subcommand(
        "perft",
        "Count the legal ply sequences of a dealt hand to a depth (move-generation check)");
    sub->add_option("--rules", opt->rules,
                    "Rule set and options, R[:OPTIONS] (options separated by commas); default: "
                    "the file's Rules and Options tags");
    sub->add_option("--players", opt->players,
                    "Number of players; default: the count of the file's Players tag")
        ->check(CLI::Range(2, 4));
    sub->add_option("--depth", opt->depth, "Plies to count to, 0 to 1000 (the pose is ply 1)")
        ->required()
        ->check(CLI::Range(0, kMaxDepth));
    sub->add_option("file", opt->file,
                    "A DGN record whose hand 1 has a deal line for every seat (and a stock line "
                    "in draw games); - reads standard input")
        ->required();
    sub->footer(
        "Examples:\n"
        "  pips perft deal.dgn --depth 6\n"
        "  pips perft --rules jamaican:sporting --players 4 deal.dgn --depth 5\n"
        "\n"
        "Prints 'depth D: N' for D = 1..K (N: distinct legal ply sequences of D plies), then\n"
        "how the sequences that finish the hand within K plies end. See docs/perft.md.\n"
        "Exit status: 0 counted, 2 could not run (bad arguments, unreadable or bad deal file).");
    sub->callback([opt] {
        if (int code = run_perft(*opt, std::cin); code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
