// The tokens of one word, as the grammar's X3 rules (grammar.hpp) read them,
// behind plain functions: the rest of the parser includes no Boost. Each
// takes one whole word [b, e), or a prefix of one (seat_label, play_prefix:
// q moves past it). With `fast`, the common well-formed words (`6-5`, `6-5L`,
// `A:`, `pass`, `deal`, `7`, ...) are recognised first in plain C++ (lex.hpp)
// and every other word goes to its X3 rule; without it every word goes to
// the X3 rule (the parser's reference mode). What is accepted, the values
// and every message are the X3 rules' either way. Also the tag pair lexer
// shared by the record parser and the record splitter. Internal to the
// parser.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "parser/ast.hpp"
#include "parser/lex.hpp"

namespace pips::parser::detail {

struct TileWord {  // pips as written, '0' to '6'
    char a = '0';
    char b = '0';
};

struct PlayWord {
    TileWord tile;
    ast::EndLetter end = ast::EndLetter::none;
    std::optional<int> claim;  // attached `+N`
};

inline ast::TileTok tile_tok(TileWord t, ast::Pos pos) {
    return {static_cast<std::uint8_t>(t.a - dgn::kFirstPip),
            static_cast<std::uint8_t>(t.b - dgn::kFirstPip), pos};
}

// The X3 rules alone (words.cpp).
namespace x3rule {
bool tile_word(const char* b, const char* e, TileWord& t);
bool seat_label(const char*& q, const char* e, char& seat);
bool seat_word(const char* b, const char* e, char& seat);
bool who_word(const char* b, const char* e, ast::Who& who);
bool number_word(const char* b, const char* e, int& n);
bool line_keyword(const char* b, const char* e, LineKw& kw);
bool action_keyword(const char* b, const char* e, ActionKw& kw);
bool claim_word(const char* b, const char* e, int& n);
bool end_kind(const char* b, const char* e, ast::EndLine::Kind& kind);
bool play_prefix(const char*& q, const char* e, PlayWord& play);
}  // namespace x3rule

// A whole word that is a tile.
inline bool tile_word(const char* b, const char* e, TileWord& t, bool fast) {
    if (fast && e - b == 3 && is_tile(b)) {
        t = {b[0], b[2]};
        return true;
    }
    return x3rule::tile_word(b, e, t);
}

// A seat label at the start of a word; q moves past it.
inline bool seat_label(const char*& q, const char* e, char& seat, bool fast) {
    if (fast) {
        if (q == e || !is_seat(*q)) return false;  // a label begins with its seat
        if (e - q >= 2 && q[1] == dgn::kSeatLabel) {
            seat = q[0];
            q += 2;
            return true;
        }
    }
    return x3rule::seat_label(q, e, seat);
}

inline bool seat_word(const char* b, const char* e, char& seat, bool fast) {
    if (fast && e - b == 1 && is_seat(*b)) {
        seat = *b;
        return true;
    }
    return x3rule::seat_word(b, e, seat);
}

inline bool who_word(const char* b, const char* e, ast::Who& who, bool fast) {
    return (fast && who_at(b, e, who)) || x3rule::who_word(b, e, who);
}

inline bool number_word(const char* b, const char* e, int& n, bool fast) {
    return (fast && digits(b, e, n)) || x3rule::number_word(b, e, n);
}

inline bool line_keyword(const char* b, const char* e, LineKw& kw, bool fast) {
    if (fast) {
        if (b == e || *b < 'a' || *b > 'z') return false;  // every keyword is lower case
        if (spelled(dgn::kLineKeywords, b, e, kw)) return true;
    }
    return x3rule::line_keyword(b, e, kw);
}

inline bool action_keyword(const char* b, const char* e, ActionKw& kw, bool fast) {
    if (fast) {
        if (b == e || *b < 'a' || *b > 'z') return false;  // every keyword is lower case
        if (spelled(dgn::kActionKeywords, b, e, kw)) return true;
    }
    return x3rule::action_keyword(b, e, kw);
}

// `+N`, N of 1 to 9 digits.
inline bool claim_word(const char* b, const char* e, int& n, bool fast) {
    return (fast && b != e && *b == dgn::kClaim && digits(b + 1, e, n)) ||
           x3rule::claim_word(b, e, n);
}

inline bool end_kind(const char* b, const char* e, ast::EndLine::Kind& kind, bool fast) {
    return (fast && spelled(dgn::kEndKinds, b, e, kind)) || x3rule::end_kind(b, e, kind);
}

// A play (a tile, its end letter, an attached `+N`) at the start of a word; q
// moves past it.
inline bool play_prefix(const char*& q, const char* e, PlayWord& play, bool fast) {
    const auto n = e - q;
    if (fast && (n == 3 || n == 4) && is_tile(q)) {
        const auto end = n == 4 ? end_letter_of(q[3]) : ast::EndLetter::none;
        if (n == 3 || end != ast::EndLetter::none) {
            play.tile = {q[0], q[2]};
            play.end = end;
            q = e;
            return true;
        }
    }
    return x3rule::play_prefix(q, e, play);
}

// "expected " and the name of a rule, for a word it did not match.
enum class Rule : std::uint8_t { seat_word, who, number_word, claim_word, end_kind };
std::string expect(Rule rule);

// A tag pair on one physical line: shared by the record parser and by the
// record splitter, so that both agree on where a tag line ends (a `{` or `;`
// inside a tag value is not a comment).
struct TagScan {
    bool ok = false;
    const char* next = nullptr;  // after `]`
    std::string name;
    std::string value;
    const char* value_open = nullptr;  // the opening quote
    const char* error_at = nullptr;
    std::string error;
};

// `b` is at `[`, `e` is the end of the physical line (before CR LF).
// `fast`: the usual name and value read without the rules (the same result).
TagScan scan_tag(const char* b, const char* e, bool fast = false);

}  // namespace pips::parser::detail
