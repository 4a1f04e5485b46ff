// pips view: a self-contained HTML replay page (docs/viewing.md).
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"
#include "cli/view_run.hpp"

namespace pips::cli {

void setup_view(CLI::App& app) {
    auto opt = std::make_shared<ViewArgs>();
    auto* sub =
        app.add_subcommand("view", "Write a self-contained HTML page replaying the records");
    sub->add_option("-o,--output", opt->output, "The HTML file to write; - is standard output")
        ->required();
    sub->add_option("--analysis", opt->analysis,
                    "The JSON lines of pips analyze --format json, shown beside each ply");
    sub->add_option("--width", opt->width, "Width of each picture in pixels")
        ->capture_default_str();
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips view game.dgn -o game.html\n"
        "  pips analyze --format json game.dgn > game.json\n"
        "  pips view --analysis game.json game.dgn -o game.html\n"
        "\n"
        "The page needs nothing else: pictures, style and script are inline.\n"
        "Exit status: 0 written, every record valid; 1 written, a record invalid\n"
        "(its first error shown at its ply); 2 could not run.");
    sub->callback([opt] {
        if (int code = run_view(*opt, standard_io()); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
