// pips render: an SVG picture of a position (docs/viewing.md).
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/render_run.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

void setup_render(CLI::App& app) {
    auto opt = std::make_shared<RenderArgs>();
    auto* sub = app.add_subcommand("render", "Draw the position after a ply of a hand as SVG");
    sub->add_option("--hand", opt->hand,
                    "The hand, by its number (default: the first hand with plies)");
    sub->add_option("--ply", opt->ply, "The ply of the hand, from 1 (default: its last ply)");
    sub->add_option("--width", opt->width, "Width of the picture in pixels; the line wraps at it")
        ->capture_default_str();
    sub->add_option("--record", opt->record, "The record of the file, from 1")
        ->capture_default_str();
    sub->add_option("-o,--output", opt->output, "The SVG file to write; - is standard output")
        ->capture_default_str();
    sub->add_option("file", opt->file, "A DGN file; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips render --hand 2 --ply 9 game.dgn -o hand2.svg\n"
        "  pips render --width 400 game.dgn > last.svg\n"
        "\n"
        "An invalid record is drawn up to its first error, which the picture shows.\n"
        "Exit status: 0 drawn, 1 drawn with the record's error, 2 could not run\n"
        "(no such hand or ply, unreadable input, unwritable output).");
    sub->callback([opt] {
        if (int code = run_render(*opt, standard_io()); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
