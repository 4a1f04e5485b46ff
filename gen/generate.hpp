// Generates complete legal matches with every claim filled in, written as DGN
// text, and mutants of them that carry exactly one rule violation. Knows the
// engine, not the parser: its output is checked by parsing it like any record.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/variant.hpp"

namespace pips::gen {

enum class Bot { random, greedy };

struct Options {
    Variant variant;
    bool deals = true;  // write deal and stock lines
    Bot bot = Bot::random;
    int max_hands = 60;  // a match still undecided then is written with Result "*"
};

struct Ply {
    std::string text;  // "B:draw draw 6-2R", "A:5-5R +2"
    int seat = 0;
    bool pose = false;
    // For mutation: the tile played and its end, or none for a pass.
    std::optional<std::pair<int, int>> tile;  // as written
    char end = 0;
    std::uint32_t playable_mask = 0;  // tiles the seat could play (TileSet bits), 0 if pass forced
    std::uint32_t other_hands = 0;    // tiles known to be in other seats' hands then
    bool draws = false;
    bool needs_letter = false;      // the end letter cannot be left out
    std::uint8_t ends[2] = {0, 0};  // line ends before the ply
    std::uint32_t on_table = 0;
    int boneyard = 0;  // tiles in the boneyard before the ply
};

struct Hand {
    int number = 0;
    std::vector<std::string> setup;  // deal / stock lines
    std::vector<Ply> plies;
    std::vector<std::string> closing;  // end / points / score lines
};

struct Match {
    Variant variant;
    std::string result;  // "AC", "B", "*"
    std::vector<Hand> hands;
};

Match generate_match(const Options& opt, std::mt19937_64& rng);

// Where each ply landed when written: line of the ply's first token.
struct Written {
    std::string text;
    std::vector<std::vector<std::uint32_t>> ply_line;      // [hand][ply]
    std::vector<std::vector<std::uint32_t>> setup_line;    // [hand][deal or stock line]
    std::vector<std::vector<std::uint32_t>> closing_line;  // [hand][end, points, score]
    std::uint32_t rules_line = 0, result_line = 0;
};
// Plies fill lines of at most `width` columns: the canonical form of `pips fmt`.
Written write_match(const Match& m, int width = 80);

// A record with exactly one violation, and where pips must report it.
struct Mutant {
    std::string text;
    std::string code;  // DGN error code
    std::uint32_t line = 0;
    std::string what;  // what was broken: "swap", "flip", "pass", "draw", "seat", ...
};
// Picks a ply of `m` at random and breaks it. nullopt when no ply can be broken.
std::optional<Mutant> mutate(const Match& m, std::mt19937_64& rng);

}  // namespace pips::gen
