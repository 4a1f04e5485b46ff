// pips select: the records that match, written unchanged (like pgn-extract).
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "cli/select_run.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

namespace {

struct SelectOptions {
    std::vector<std::string> files;
    std::string code;
    bool valid = false;
    bool invalid = false;
};

}  // namespace

void check_one_of(CLI::Option& option, std::string what, std::vector<std::string> names) {
    option.check(CLI::Validator(
        [what, names](std::string& value) -> std::string {
            for (const auto& n : names)
                if (n == value) return {};
            return unknown_word(what, value, names);
        },
        "", what));
}

void add_jobs_option(CLI::App& sub, unsigned& jobs) {
    sub.add_option("-j,--jobs", jobs,
                   "Threads checking records (0: one per hardware thread); the output is the "
                   "same, in input order")
        ->check(CLI::Range(0u, 256u))
        ->capture_default_str();
}

void setup_select(CLI::App& app) {
    auto args = std::make_shared<SelectArgs>();
    auto opt = std::make_shared<SelectOptions>();
    auto* sub = app.add_subcommand(
        "select", "Write the records that match, byte for byte as the input holds them");
    check_one_of(
        *sub->add_option("--rules", args->rules, "Records whose Rules tag names this rule set"),
        "rule set", rule_set_names());
    sub->add_option("--player", args->player,
                    "Records with this name among their Players (exactly, case and all)");
    check_one_of(
        *sub->add_option("--result", args->result,
                         "Records whose Result tag is this: a side (AC, BD), a seat (A..D) or *"),
        "result", result_values());
    auto* valid = sub->add_flag("--valid", opt->valid, "Valid records only");
    sub->add_flag("--invalid", opt->invalid, "Invalid records only")->excludes(valid);
    check_one_of(
        *sub->add_option("--code", opt->code,
                         "Records with an error of this code (DGN.md's codes: illegal-pass, ...)"),
        "code", code_names());
    check_one_of(*sub->add_option("--ending", args->ending, "Records with a hand that ended so"),
                 "ending", {"domino", "block", "tie", "target"});
    sub->add_flag("--key-tile", args->key_tile,
                  "Records with a hand a key tile decided (the winner went out with it)");
    sub->add_flag("--duplicates", args->duplicates,
                  "Only records that repeat the play of an earlier record (the same deals and "
                  "plies; tags, comments and spacing aside): the second and later copies");
    add_jobs_option(*sub, args->run.jobs);
    sub->add_flag("-q,--quiet", args->quiet,
                  "Leave out the summary line and the progress line on standard error");
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "The filters AND together. Records are checked as by pips check.\n"
        "\n"
        "Examples:\n"
        "  pips select --rules jamaican --player Marcus season.dgn\n"
        "  pips select --invalid --code illegal-pass season.dgn > passes.dgn\n"
        "  pips select --ending block --result AC season.dgn\n"
        "  pips select --duplicates archive/*.dgn\n"
        "\n"
        "Exit status: 0 some record written, 1 none, 2 could not run.");
    sub->callback([args, opt] {
        SelectArgs a = *args;
        a.run.files = opt->files;
        if (opt->valid) a.valid = true;
        if (opt->invalid) a.valid = false;
        if (!opt->code.empty()) a.code = checker::code_from_name(opt->code);
        if (int code = run_select(a, standard_io()); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
