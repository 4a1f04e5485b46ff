// pips annotate: print records with the checker's findings as comments.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

namespace {

struct AnnotateOptions {
    std::vector<std::string> files;
    std::string format = "dgn";
    std::string color = "auto";
};

}  // namespace

void setup_annotate(CLI::App& app) {
    auto opt = std::make_shared<AnnotateOptions>();
    auto* sub = app.add_subcommand("annotate",
                                   "Print records with the checker's findings as brace comments");
    sub->add_option("--format", opt->format,
                    "dgn: the canonical record with comments; json: one object per record, "
                    "its hands and plies; csv: one row per ply")
        ->check(CLI::IsMember({"dgn", "json", "csv"}))
        ->capture_default_str();
    add_color_option(*sub, opt->color);
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips annotate game.dgn > game.annotated.dgn\n"
        "  pips annotate --format json game.dgn\n"
        "  pips annotate --format csv season.dgn > plies.csv\n"
        "\n"
        "Errors are written as comments too, and as diagnostics on standard error.\n"
        "Exit status: 0 every record valid, 1 some record invalid, 2 could not run.");
    sub->callback([opt] {
        AnnotateArgs args;
        args.files = opt->files;
        args.format = opt->format == "json"  ? Format::json
                      : opt->format == "csv" ? Format::csv
                                             : Format::dgn;
        if (int code = run_annotate(args, standard_io(color_when(opt->color))); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
