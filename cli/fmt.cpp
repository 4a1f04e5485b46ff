// pips fmt: print records in canonical form (parser/printer.hpp).
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

namespace {

struct FmtOptions {
    std::vector<std::string> files;
};

}  // namespace

void setup_fmt(CLI::App& app) {
    auto opt = std::make_shared<FmtOptions>();
    auto* sub = app.add_subcommand(
        "fmt", "Print records in canonical form; syntax errors go to standard error");
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "Example:\n"
        "  pips fmt game.dgn > game.canonical.dgn\n"
        "\n"
        "Exit status: 0 no syntax error, 1 some record has syntax errors (what parsed is\n"
        "still printed), 2 could not run.");
    sub->callback([opt] {
        FmtArgs args;
        args.files = opt->files;
        if (int code = run_fmt(args, standard_io()); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
