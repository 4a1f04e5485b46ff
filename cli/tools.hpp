// pips generate and pips rescore as library calls (the command line in
// generate.cpp and rescore.cpp only fills the arguments).
#pragma once

#include <cstdint>
#include <cstdio>
#include <istream>
#include <string>
#include <vector>

namespace pips::cli {

struct GenerateArgs {
    std::string rules = "jamaican";
    int players = 0;      // 0: the rule set's usual count
    std::string options;  // space or comma separated
    int matches = 1;
    std::uint64_t seed = 1;
    bool deals = true;
    bool greedy = false;
    bool mutate = false;  // one rule violation per record, noted in its first line
    int max_hands = 60;
};

// Writes the matches on `out`; problems with the arguments on `err` (exit 2).
int run_generate(const GenerateArgs& args, std::FILE* out, std::FILE* err);

struct RescoreArgs {
    std::string rules;  // "R[:OPTIONS]"
    std::vector<std::string> files;
};

// Replays each record under other rules and prints, hand by hand, the winner
// and points under both. 0: every record replayed; 1: some record's plies are
// not legal under the other rules; 2: could not run.
int run_rescore(const RescoreArgs& args, std::istream& in, std::FILE* out, std::FILE* err);

}  // namespace pips::cli
