// Generates complete legal matches with every claim filled in, and mutants of
// them that carry exactly one rule violation. A match is played through the
// engine's Game (the one place moves are listed) and built as a DGN syntax
// tree (ast::Record), which the parser's printer writes in canonical form;
// mutations edit the tree. Its output is checked by parsing it like any record.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/layout.hpp"
#include "engine/variant.hpp"
#include "parser/ast.hpp"

namespace pips::gen {

enum class Bot { random, greedy };

struct Options {
    Variant variant;
    bool deals = true;  // write deal and stock lines
    Bot bot = Bot::random;
    int max_hands = 60;  // a match still undecided then is written with Result "*"
};

// What the play knew about a ply, for mutation.
struct PlyFacts {
    bool pose = false;
    bool draws = false;             // drew before playing or passing
    bool needs_letter = false;      // the end letter cannot be left out
    End end = End::L;               // a play: the end it went to (written or not)
    std::uint8_t ends[2] = {0, 0};  // line ends before the ply
    std::uint32_t on_table = 0;     // tiles on the table before the ply (TileSet bits)
    int boneyard = 0;               // tiles in the boneyard before the ply
};

struct Match {
    Variant variant;
    ast::Record record;                        // the match as DGN
    std::vector<std::vector<PlyFacts>> facts;  // [hand][ply], beside record.hands[hand].plies
};

Match generate_match(const Options& opt, std::mt19937_64& rng);

struct Written {
    std::string text;
};
// The canonical form (parser/printer.hpp), as `pips fmt` writes it.
Written write_match(const Match& m);

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
