// pips check: validate records (DGN.md sections 7 and 8).
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

namespace {

struct CheckOptions {
    std::vector<std::string> files;
    std::string format = "text";
    bool quiet = false;
    unsigned jobs = 1;
    bool stats = false;
    std::string color = "auto";
};

}  // namespace

void add_color_option(CLI::App& sub, std::string& when) {
    sub.add_option("--color", when,
                   "Colour the diagnostics: auto (on a terminal, unless NO_COLOR is set), "
                   "always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
}

ColorWhen color_when(const std::string& when) {
    return when == "always"  ? ColorWhen::always
           : when == "never" ? ColorWhen::never
                             : ColorWhen::automatic;
}

void setup_check(CLI::App& app) {
    auto opt = std::make_shared<CheckOptions>();
    auto* sub = app.add_subcommand(
        "check", "Check recorded games: each record is valid, or invalid with located reasons");
    sub->add_option("--format", opt->format,
                    "text: a diagnostic per problem; json: one object per record per line")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    sub->add_flag("-q,--quiet", opt->quiet,
                  "Leave out the summary line and the progress line on standard error");
    sub->add_option("-j,--jobs", opt->jobs,
                    "Threads checking records (0: one per hardware thread); the output is the "
                    "same, in input order")
        ->check(CLI::Range(0u, 256u))
        ->capture_default_str();
    sub->add_flag("--stats", opt->stats,
                  "Then print \"stats: records=R hands=H plies=P bytes=B seconds=S\" on "
                  "standard error");
    add_color_option(*sub, opt->color);
    sub->add_option("files", opt->files, "DGN files to check; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips check corpus/valid/jamaican/*.dgn\n"
        "  pips check --format json --quiet games.dgn\n"
        "  pips check --jobs 0 --stats big.dgn\n"
        "  cat games.dgn | pips check -\n"
        "\n"
        "A progress line is shown on standard error when it is a terminal and the input is\n"
        "larger than 16 MiB (--quiet turns it off).\n"
        "\n"
        "Exit status: 0 every record valid, 1 some record invalid, 2 could not run.");
    sub->callback([opt] {
        CheckArgs args;
        args.files = opt->files;
        args.format = opt->format == "json" ? Format::json : Format::text;
        args.quiet = opt->quiet;
        args.jobs = opt->jobs;
        args.stats = opt->stats;
        if (int code = run_check(args, standard_io(color_when(opt->color))); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
