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
    bool strict = false;
    bool strip_annotations = false;
    bool label = false;
    std::string color = "auto";
};

}  // namespace

void setup_fmt(CLI::App& app) {
    auto opt = std::make_shared<FmtOptions>();
    auto* sub = app.add_subcommand(
        "fmt", "Print records in canonical form; syntax errors go to standard error");
    sub->add_flag("--strict", opt->strict,
                  "Leave out a record with syntax errors (by default it is printed as written)");
    sub->add_flag("--strip-annotations", opt->strip_annotations,
                  "Remove the notes that pips annotate wrote");
    sub->add_flag("--label", opt->label,
                  "Write the seat label the replay fixes on each unlabelled ply (a hand whose "
                  "labels it does not all fix is left as it is)");
    add_color_option(*sub, opt->color);
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips fmt game.dgn > game.canonical.dgn\n"
        "  pips fmt --label unlabelled.dgn > labelled.dgn\n"
        "\n"
        "A record with syntax errors is printed as written, so that nothing is lost.\n"
        "Exit status: 0 no syntax error, 1 some record has syntax errors, 2 could not run.");
    sub->callback([opt] {
        FmtArgs args;
        args.files = opt->files;
        args.strict = opt->strict;
        args.strip_annotations = opt->strip_annotations;
        args.label = opt->label;
        if (int code = run_fmt(args, standard_io(color_when(opt->color))); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
