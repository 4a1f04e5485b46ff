// What a record's replay establishes, as data rather than words: per hand
// its poser, outcome, points and counts, and per ply the seat, the tile, the
// ends and what the ply proved (CheckOptions::data). For whoever counts
// over many records (pips annotate --format json|csv, pips select, pips
// stats). Plain structs: no text formatting here.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checker/codes.hpp"
#include "engine/layout.hpp"
#include "engine/tile.hpp"
#include "parser/ast.hpp"

namespace pips::checker {

// How a hand ended, in the rule sets' own terms. `target`: a fives-threes
// or french hand that ended the match by points. `unknown`: the record does
// not show it (not over, broken, or claims that do not settle it).
enum class HandOutcome : std::uint8_t { unknown, domino, block, tie, target };

// "unknown", "domino", "block", "tie", "target".
const char* outcome_name(HandOutcome o);

// What a ply is.
enum class PlyKind : std::uint8_t { pose, play, pass };

// "pose", "play", "pass".
const char* ply_kind_name(PlyKind k);

// One ply as the replay saw it. Seats and parties are numbers (seat 0 is
// A; parties as the record's rule set counts them: sides AC, BD in
// partnership games, else seats); -1 is unknown.
struct PlyData {
    ast::Pos pos;   // the ply's first token
    int index = 0;  // 0-based, in its hand
    PlyKind kind = PlyKind::pass;
    bool knock = false;         // a pass written `knock`
    int seat = -1;              // who made it, written or fixed by the replay; -1: not fixed
    bool seat_written = false;  // the record labels the ply
    std::optional<Tile> tile;   // pose and play
    std::optional<End> end;     // play: the end it went to
    int draws = 0;              // draws before the ply
    std::vector<Tile> fouls{};  // french: fouls before the ply
    bool replayed = false;      // the replay reached it: the fields below are filled
    // The layout after the ply: "L5 R3" (line) or "N0 E- S3* W1" (spinner).
    std::string layout{};
    std::vector<End> open_ends{};    // the ends a tile can go to ...
    std::vector<int> end_values{};   // ... and the number each shows
    std::vector<End> hard_ends{};    // line: ends only one tile off the table can follow
    std::optional<Tile> key_tile{};  // line: the one tile both hard ends wait for
    int key_holder = -1;             // the seat known to hold it
    std::array<int, 4> pips_left{-1, -1, -1, -1};  // by seat, when known
    std::array<std::uint8_t, 4> voids{};  // by seat: numbers proven not held, as bits (1 << n)
    int boneyard = -1;                    // draw games: tiles left to draw
    // Points the ply made: fives-threes, the playing party's score; french,
    // penalties by seat (points against).
    std::array<int, 4> points{};
    bool scores = false;  // the rule set scores in play (points is meaningful)
};

// One hand.
struct HandData {
    int number = 0;
    ast::Pos pos;          // the `hand` line
    bool summary = false;  // a summary hand (score sheet): no plies
    int poser = -1;        // seat
    HandOutcome outcome = HandOutcome::unknown;
    int winner_seat = -1;   // the seat that dominoed, or won the block
    int winner_party = -1;  // side in partnership games, else seat
    // Why, in short words: "domino", "lowest-count", "shared-lowest",
    // "side-totals", "counted-block", "target", "chip-out", "no-chip-out",
    // "claims" (the record's claims settle it), "broken", "not-over",
    // "unfinished", "summary", "unknown".
    std::string_view why = "unknown";  // static text
    bool points_known = false;
    std::array<int, 4> points{};                   // by party, won in the hand
    std::array<int, 4> pips_left{-1, -1, -1, -1};  // by seat at the end, when known
    // The winner went out with the key tile (jamaican: worth one more point).
    bool key_tile_decided = false;
    std::optional<Tile> key_tile{};
    int key_holder = -1;
    // The match is decided after this hand (by points: every rule set; the
    // outcome says how the hand itself ended).
    bool ends_match = false;
    std::optional<Code> error{};  // the hand's first error
    std::vector<PlyData> plies{};
};

// The record's facts (Verdict::data): filled with CheckOptions::data.
struct RecordData {
    int players = 0;
    std::vector<std::string> parties{};  // party names by party: "AC", "BD" or "A", "B", ...
    std::vector<HandData> hands{};       // one per hand of the record, in order
};

}  // namespace pips::checker
