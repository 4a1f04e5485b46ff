// pips: checks recorded domino games written in DGN 1. The subcommands live
// in check.cpp, fmt.cpp and annotate.cpp; the work in commands.hpp.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"
#include "cli/version.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);

    CLI::App app{"pips checks recorded domino games written in DGN 1 (Domino Game Notation).",
                 "pips"};
    app.set_version_flag("--version", pips::cli::version_line());
    app.require_subcommand(1);
    app.footer(
        "Examples:\n"
        "  pips check corpus/valid/jamaican/*.dgn\n"
        "  pips check --format json games.dgn\n"
        "  pips fmt game.dgn\n"
        "  pips annotate game.dgn\n"
        "  pips generate --rules jamaican --matches 10 --seed 7 > games.dgn\n"
        "  pips rescore --rules chiva game.dgn\n"
        "  pips perft --depth 8 deal.dgn\n"
        "\n"
        "Run pips SUBCOMMAND --help for the options of each subcommand.\n"
        "Exit status: 0 valid, 1 invalid, 2 could not run (bad arguments, unreadable file).");
    pips::cli::setup_check(app);
    pips::cli::setup_fmt(app);
    pips::cli::setup_annotate(app);
    pips::cli::setup_analyze(app);
    pips::cli::setup_generate(app);
    pips::cli::setup_rescore(app);
    pips::cli::setup_perft(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();  // a subcommand's own exit code
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; CLI11's argument errors exit 2.
        return app.exit(e) == 0 ? pips::cli::kExitValid : pips::cli::kExitCannotRun;
    } catch (const std::exception& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "pips: internal error: %s\n", e.what());
        return pips::cli::kExitCannotRun;
    }
    return pips::cli::kExitValid;
}
