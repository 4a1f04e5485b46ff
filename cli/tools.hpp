// pips generate, pips rescore and pips perft as library calls (the command
// line in generate.cpp, rescore.cpp and perft.cpp only fills the arguments).
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
    bool labels = true;          // seat labels on plies
    std::string claims = "all";  // claim lines written: all, end, score or none
    int summary = 0;             // hands whose number this divides are summary hands; 0: none
    bool mutate = false;         // one rule violation per record, noted in its first line
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

struct PerftArgs {
    std::string rules;  // R[:OPTIONS]; empty: the file's Rules and Options tags
    int players = 0;    // 0: the file's Players count
    std::string file;   // `-`: standard input
    int depth = 0;
};

// Counts the legal ply sequences of hand 1 of the record in `args.file` to
// `args.depth` (docs/perft.md) and prints them on standard output; problems
// on standard error. 0: counted; 2: could not run.
int run_perft(const PerftArgs& args, std::istream& standard_input);

}  // namespace pips::cli
