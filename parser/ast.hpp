// The DGN 1 syntax tree. Plain structs; every node carries the position of the
// token it stands for. No rules live here: the parser fills it, the checker
// judges it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pips::ast {

// 1-based line and column; a column counts code points, a tab as one.
struct Pos {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend bool operator==(const Pos&, const Pos&) = default;
    friend auto operator<=>(const Pos&, const Pos&) = default;
};

// A tile as written: `a-b` keeps the written order (it matters on a pose).
struct TileTok {
    std::uint8_t a = 0;
    std::uint8_t b = 0;
    Pos pos;
    friend bool operator==(const TileTok& x, const TileTok& y) { return x.a == y.a && x.b == y.b; }
};

enum class EndLetter : std::uint8_t { none, L, R, N, E, S, W };

// Seats are 0..3 for A..D.
using SeatNo = std::uint8_t;

// WHO of `end block`, `points`, `score`, `Result`: a seat or a side.
enum class Who : std::uint8_t { A, B, C, D, AC, BD };

struct Comment {
    std::string text;   // without the braces, or after the `;`
    Pos pos;            // the `{` or `;`
    bool line = false;  // a `;` comment, to the end of its line
};

struct Tag {
    std::string name;
    std::string value;  // escapes resolved
    Pos pos;            // the `[`
    Pos value_pos;      // the opening quote
};

// Something done inside a ply before its play or pass.
struct PreAction {
    enum class Kind : std::uint8_t { draw, foul } kind = Kind::draw;
    Pos pos;       // the word `draw` / `foul`
    TileTok tile;  // foul only
};

// What few plies have, kept apart from them (Hand::extras): the draws and
// fouls before the play or pass, and the comments after it.
struct PlyExtra {
    std::vector<PreAction> pre;     // draws and fouls, in order
    std::vector<Comment> comments;  // comments that follow the ply
    bool empty() const { return pre.empty() && comments.empty(); }
};

// A ply owns nothing (a hand's plies are let go of without a step each):
// its draws, fouls and comments are in its hand, read with Hand::pre_of and
// Hand::comments_of, written through Hand::extra_of.
struct Ply {
    Pos pos;  // first token of the ply (seat label or action)
    std::optional<SeatNo> seat;
    Pos seat_pos;
    enum class Kind : std::uint8_t { play, pass } kind = Kind::pass;
    Pos action_pos;      // the tile or the word pass/knock
    bool knock = false;  // written `knock`
    TileTok tile;        // play only
    EndLetter end = EndLetter::none;
    std::optional<int> claim;  // `+N`
    Pos claim_pos;
    // Its draws, fouls and comments: its hand's extras[extra - 1]; 0 when it
    // has none. (An index into its own hand's list: a ply put into another
    // hand needs its extra put there too.)
    std::uint32_t extra = 0;
};
static_assert(std::is_trivially_destructible_v<Ply>);

// `deal SEAT tile...`, `remain SEAT tile...`
struct SeatTiles {
    SeatNo seat = 0;
    Pos pos;  // the keyword
    Pos seat_pos;
    std::vector<TileTok> tiles;
    int round = 0;  // deals: how many `redeal` lines came before this one
};

struct Stock {
    Pos pos;
    std::vector<TileTok> tiles;
    int round = 0;
};

struct Redeal {
    SeatNo seat = 0;
    Pos pos;
    Pos seat_pos;
};

struct EndLine {
    enum class Kind : std::uint8_t { domino, block, tie, target } kind = Kind::domino;
    Pos pos;  // the word `end`
    std::optional<Who> who;
    Pos who_pos;
};

struct ClaimItem {
    Who who = Who::A;
    Pos pos;  // the WHO token
    int value = 0;
    Pos value_pos;
};

struct ClaimLine {
    Pos pos;  // the keyword
    std::vector<ClaimItem> items;
};

struct Hand {
    int number = 0;
    Pos pos;  // the word `hand`
    Pos number_pos;
    std::vector<SeatTiles> deals;
    std::vector<Stock> stocks;
    std::vector<Redeal> redeals;
    std::vector<Ply> plies;
    std::vector<SeatTiles> remains;
    std::optional<EndLine> end;
    std::optional<ClaimLine> points;
    std::optional<ClaimLine> score;
    std::vector<Comment> comments;  // comments on lines that are not plies
    std::vector<PlyExtra> extras;   // of its plies, by Ply::extra

    // A ply's draws and fouls, in order, and the comments that follow it.
    std::span<const PreAction> pre_of(const Ply& p) const {
        return p.extra != 0 ? std::span<const PreAction>(extras[p.extra - 1].pre)
                            : std::span<const PreAction>();
    }
    std::span<const Comment> comments_of(const Ply& p) const {
        return p.extra != 0 ? std::span<const Comment>(extras[p.extra - 1].comments)
                            : std::span<const Comment>();
    }
    // A ply's draws, fouls and comments to change (added, empty, if it has none).
    PlyExtra& extra_of(Ply& p) {
        if (p.extra == 0) {
            extras.emplace_back();
            p.extra = static_cast<std::uint32_t>(extras.size());
        }
        return extras[p.extra - 1];
    }
};

// A suggested edit ("did you mean"): `text` in place of the `length` code
// points that start at `pos`.
struct FixIt {
    Pos pos;
    std::uint32_t length = 0;
    std::string text;
    friend bool operator==(const FixIt&, const FixIt&) = default;
};

struct SyntaxError {
    Pos pos;
    std::string message;         // "expected ..., found ..."
    std::optional<FixIt> fix{};  // a near miss: what was probably meant
};

struct Record {
    std::vector<Tag> tags;
    std::vector<Hand> hands;
    std::vector<SyntaxError> errors;  // in position order
    Pos pos;                          // first tag (or first token if no tag)
    // The record's own text and the line its first byte sits on, so that
    // diagnostics can show source lines after the file has moved on. The
    // bytes are not copied out of the reader's block of input: `source_owner`
    // keeps them alive (shared with the records split from the same block,
    // and with copies of this record).
    // (A view: never of a temporary. A text of its own: RecordText::copy_of
    // in parser.hpp.)
    std::string_view source;
    std::shared_ptr<const void> source_owner;
    std::uint32_t first_line = 1;
    std::vector<std::string> leading_comments;  // `;` comments before the first tag
    // Comments after the first tag (brace comments: anywhere) and before the
    // first hand.
    std::vector<Comment> tag_comments;

    const Tag* find_tag(std::string_view name) const {
        for (const auto& t : tags)
            if (t.name == name) return &t;
        return nullptr;
    }
};

}  // namespace pips::ast
