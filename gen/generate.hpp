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

// Which claim lines (`end`, `points`, `score`) a hand is written with.
enum class Claims { all, end, score, none };

// What a record keeps of the match, as people write records: the play is
// the same whatever is left out, so the same seed plays the same match.
struct Shown {
    bool deals = true;   // deal and stock lines
    bool labels = true;  // seat labels on plies
    Claims claims = Claims::all;
    int summary = 0;  // hands whose number N divides are summary hands (no plies,
                      // no tile lines, only their claims); 0: none
    bool summary_hand(int number) const { return summary > 0 && number % summary == 0; }
};

struct Options {
    Variant variant;
    bool deals = true;  // write deal and stock lines
    Bot bot = Bot::random;
    int max_hands = 60;  // a match still undecided then is written with Result "*"
    Shown shown{};       // what is written besides the deals (labels, claims, summary hands)
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
    Shown shown;                               // what write_match and mutate leave in
    ast::Record record;                        // the match as DGN, everything shown
    std::vector<std::vector<PlyFacts>> facts;  // [hand][ply], beside record.hands[hand].plies
};

Match generate_match(const Options& opt, std::mt19937_64& rng);

struct Written {
    std::string text;
};
// The canonical form (parser/printer.hpp), as `pips fmt` writes it, with
// only what m.shown keeps.
Written write_match(const Match& m);

// `rec` with only what `shown` keeps (deals and stock lines, seat labels,
// claim lines, plies of summary hands).
ast::Record strip(ast::Record rec, const Shown& shown);

// A record with exactly one violation, and where pips must report it.
struct Mutant {
    std::string text;
    std::string code;  // DGN error code
    std::uint32_t line = 0;
    std::string what;  // what was broken: "swap", "flip", "pass", "draw", "seat", ...
};
// Picks a ply or line of `m` at random and breaks it, choosing only what the
// record keeps and what pips can still tell (m.shown). nullopt when nothing
// can be broken.
std::optional<Mutant> mutate(const Match& m, std::mt19937_64& rng);

}  // namespace pips::gen
