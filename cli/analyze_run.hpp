// pips analyze as a library call (ANALYSIS.md): double-dummy values, each
// ply's loss and marks, for every hand whose tiles are all known.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace pips::cli {

struct AnalyzeArgs {
    std::vector<std::string> files;  // `-` is standard input
    Format format = Format::dgn;     // dgn or json
    std::size_t tt_mb = 256;         // the solver's table, MiB at most
    // Positions one hand may search before it is given up ("search limit");
    // 0: no limit.
    std::uint64_t max_nodes = 0;
    // Records taken: number K, K+N, K+2N, ... counted from 1 across all files.
    unsigned shard = 1;
    unsigned shards = 1;
    // Threads judging hands (a record's hands are replayed in turn, since
    // they depend on each other through the match, then judged apart); 0:
    // the machine's hardware threads. The output is in input order whatever
    // the count.
    unsigned jobs = 1;
    // Sampled judgement: deals drawn a ply from what the seat could know
    // (0: none), and the seed they are drawn from.
    int sample = 0;
    std::uint64_t seed = 1;
};

// Prints every record with its analysis as brace comments (dgn), or one JSON
// object per hand (json), on `out`; input errors on `err`.
int run_analyze(const AnalyzeArgs& args, const Io& io);

}  // namespace pips::cli
