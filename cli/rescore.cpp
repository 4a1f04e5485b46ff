// pips rescore: replay a record's plies under other house rules.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/subcommands.hpp"
#include "cli/tools.hpp"

namespace pips::cli {

void setup_rescore(CLI::App& app) {
    auto opt = std::make_shared<RescoreArgs>();
    auto* sub = app.add_subcommand(
        "rescore", "Replay each hand under other rules and show what the rule choice changes");
    sub->add_option("--rules", opt->rules, "Rule set and options to replay under: R[:OPT,OPT...]")
        ->required();
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips rescore --rules chiva match.dgn            (a jamaican match scored as 4-player "
        "chiva)\n"
        "  pips rescore --rules quinientos:capicu,bonus match.dgn\n"
        "\n"
        "Exit status: 0 replayed, 1 some plies are not legal under the other rules, 2 could not "
        "run.");
    sub->callback([opt] {
        if (int code = run_rescore(*opt, std::cin, stdout, stderr); code != 0)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
