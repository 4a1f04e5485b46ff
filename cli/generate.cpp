// pips generate: complete legal matches (or one-violation mutants) as DGN.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "cli/subcommands.hpp"
#include "cli/tools.hpp"

namespace pips::cli {

void setup_generate(CLI::App& app) {
    auto opt = std::make_shared<GenerateArgs>();
    auto deals = std::make_shared<std::string>("full");
    auto bot = std::make_shared<std::string>("random");
    auto labels = std::make_shared<std::string>("full");
    auto* sub = app.add_subcommand(
        "generate", "Write complete legal matches in canonical DGN, every claim filled in");
    sub->add_option("--rules", opt->rules, "Rule set")
        ->check(CLI::IsMember(
            {"jamaican", "cutthroat", "french", "chiva", "quinientos", "fives-threes"}))
        ->capture_default_str();
    sub->add_option("--players", opt->players, "Number of players (default 4; fives-threes 2)");
    sub->add_option("--options", opt->options, "Rule options, e.g. \"sporting playoff\"");
    sub->add_option("--matches", opt->matches, "How many matches")->capture_default_str();
    sub->add_option("--seed", opt->seed, "Random seed: the same seed gives the same bytes")
        ->capture_default_str();
    sub->add_option("--deals", *deals, "full: write deal and stock lines; none: leave them out")
        ->check(CLI::IsMember({"full", "none"}))
        ->capture_default_str();
    sub->add_option("--labels", *labels,
                    "full: write a seat label on every ply; none: leave them out")
        ->check(CLI::IsMember({"full", "none"}))
        ->capture_default_str();
    sub->add_option("--claims", opt->claims,
                    "Claim lines written: all (end, points, score), end, score or none")
        ->check(CLI::IsMember({"all", "end", "score", "none"}))
        ->capture_default_str();
    sub->add_option("--summary", opt->summary,
                    "Write hands as summary hands (a score sheet: no deals, no plies, only claim "
                    "lines): N writes every hand whose number N divides (1: every hand, 2: every "
                    "second hand); 0: none")
        ->capture_default_str();
    sub->add_option("--bot", *bot, "How plays are chosen")
        ->check(CLI::IsMember({"random", "greedy"}))
        ->capture_default_str();
    sub->add_option("--max-hands", opt->max_hands,
                    "Stop a match after this many hands (Result \"*\")")
        ->capture_default_str();
    sub->add_flag("--mutate", opt->mutate,
                  "Write records that each break one rule; the first line says the code and line "
                  "pips must report");
    sub->footer(
        "Examples:\n"
        "  pips generate --rules jamaican --options sporting --matches 100 --seed 7 > games.dgn\n"
        "  pips generate --rules cutthroat --players 2 --options draw --deals none\n"
        "  pips generate --rules quinientos --mutate --matches 1000 > mutants.dgn\n"
        "  pips generate --rules jamaican --deals none --labels none --claims end\n"
        "  pips generate --rules french --summary 1 --mutate   # score sheets");
    sub->callback([opt, deals, bot, labels] {
        GenerateArgs a = *opt;
        a.deals = *deals == "full";
        a.labels = *labels == "full";
        a.greedy = *bot == "greedy";
        if (int code = run_generate(a, stdout, stderr); code != 0) throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
