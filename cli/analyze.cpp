// pips analyze: double-dummy values, per-ply losses and marks (ANALYSIS.md).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/analyze_run.hpp"
#include "cli/commands.hpp"
#include "cli/subcommands.hpp"

namespace pips::cli {

namespace {

struct AnalyzeOptions {
    std::vector<std::string> files;
    std::string format = "dgn";
    std::size_t tt_mb = 256;
    std::uint64_t max_nodes = 0;
    std::string shard;
    unsigned jobs = 1;
    int sample = 0;
    std::uint64_t seed = 1;
};

}  // namespace

void setup_analyze(CLI::App& app) {
    auto opt = std::make_shared<AnalyzeOptions>();
    auto* sub = app.add_subcommand(
        "analyze", "Print records with double-dummy values, each ply's loss and marks");
    sub->add_option("--format", opt->format,
                    "dgn: the canonical record with comments; json: one object per hand")
        ->check(CLI::IsMember({"dgn", "json"}))
        ->capture_default_str();
    sub->add_option("--tt-mb", opt->tt_mb,
                    "Most memory the solver's table takes, in MiB (a hand takes what its "
                    "search needs)")
        ->check(CLI::Range(1, 65536))
        ->capture_default_str();
    sub->add_option("--max-nodes", opt->max_nodes,
                    "Positions one hand may search before it is listed as not analysed "
                    "(search limit); 0: no limit")
        ->capture_default_str();
    sub->add_option("--sample", opt->sample,
                    "Deals drawn a ply from what the seat could know; adds each move's mean "
                    "value (ev) and the ?! mark")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    sub->add_option("--seed", opt->seed, "Seed of the sampled deals")->capture_default_str();
    sub->add_option("-j,--jobs", opt->jobs,
                    "Threads judging hands (0: one per hardware thread); output in input "
                    "order")
        ->capture_default_str();
    sub->add_option("--shard", opt->shard,
                    "K/N: the records numbered K, K+N, K+2N, ... across all files");
    sub->add_option("files", opt->files, "DGN files; - reads standard input")->required();
    sub->footer(
        "Examples:\n"
        "  pips analyze game.dgn\n"
        "  pips analyze --format json --shard 1/4 archive/*.dgn\n"
        "\n"
        "Exit status: 0 every record valid, 1 some record invalid, 2 could not run.");
    sub->callback([opt] {
        AnalyzeArgs args;
        args.files = opt->files;
        args.format = opt->format == "json" ? Format::json : Format::dgn;
        args.tt_mb = opt->tt_mb;
        args.max_nodes = opt->max_nodes;
        args.jobs = opt->jobs;
        args.sample = opt->sample;
        args.seed = opt->seed;
        if (!opt->shard.empty()) {
            unsigned k = 0, n = 0;
            char slash = 0;
            std::istringstream in(opt->shard);
            if (!(in >> k >> slash >> n) || slash != '/' || !in.eof() || n == 0 || k == 0 || k > n)
                throw CLI::ValidationError("--shard", "expected K/N with 1 <= K <= N");
            args.shard = k;
            args.shards = n;
        }
        if (int code = run_analyze(args, standard_io()); code != kExitValid)
            throw CLI::RuntimeError(code);
    });
}

}  // namespace pips::cli
