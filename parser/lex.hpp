// Characters and the shapes of tokens in plain C++ (no X3): where a word
// ends, tiles, seats, numbers and the spellings of parser/tokens.hpp compared
// where they stand. Internal to the parser.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parser/ast.hpp"
#include "parser/tokens.hpp"

namespace pips::parser::detail {

using dgn::ActionKw;
using dgn::LineKw;
using dgn::spelling;

inline bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

// Bytes that may end a word (a CR only before LF or at the end): one table
// look-up per byte in the word loops.
inline constexpr std::array<bool, 256> kWordStop = [] {
    std::array<bool, 256> t{};
    for (const unsigned char c : {' ', '\t', '\n', dgn::kLineComment, dgn::kCommentOpen, '\r'})
        t[c] = true;
    return t;
}();

// Bytes that begin a word, for the fast paths (whole lines): not the word
// stops, nor NUL (it may be the one that ends the text); those are left to a
// closer look.
inline constexpr std::array<bool, 256> kWordStart = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = !kWordStop[c] && c != 0;
    return t;
}();

// Where a word ends: blanks, line ends and the two comment openers. A CR is a
// line end only before LF (or at the very end); a lone CR is a stray control
// character and so part of a (bad) word.
inline bool ends_word(const char* p, const char* end) {
    const char c = *p;
    return kWordStop[static_cast<unsigned char>(c)] && (c != '\r' || p + 1 == end || p[1] == '\n');
}

// The end of the word that starts at p.
inline const char* word_end(const char* p, const char* end) {
    for (; p < end; ++p) {
        if (kWordStop[static_cast<unsigned char>(*p)]) [[unlikely]] {
            if (*p != '\r' || p + 1 == end || p[1] == '\n') break;
        }
    }
    return p;
}

// ---------------------------------------------------------------------------
// Tokens where they stand

inline bool is_pip(char c) {
    return c >= dgn::kFirstPip && c <= dgn::kLastPip;
}

inline bool is_seat(char c) {
    return c >= dgn::kFirstSeat && c <= dgn::kLastSeat;
}

inline bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Compared a character at a time: the words are short, and a call of
// memcmp costs more than they do.
[[gnu::always_inline]] inline bool same(const char* b, const char* e, std::string_view word) {
    if (static_cast<std::size_t>(e - b) != word.size()) return false;
#pragma GCC unroll 8
    for (std::size_t i = 0; i < word.size(); ++i)
        if (b[i] != word[i]) return false;
    return true;
}

inline constexpr std::string_view kPass = spelling(ActionKw::pass);
inline constexpr std::string_view kKnock = spelling(ActionKw::knock);

// `word` at q, compared a character at a time so that the NUL that ends the
// text stops it (no keyword holds a NUL): q may be near the end.
[[gnu::always_inline]] inline bool at_word(const char* q, std::string_view word) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < word.size(); ++i)
        if (q[i] != word[i]) return false;
    return true;
}

// `a-b` with pips 0 to 6.
inline bool is_tile(const char* b) {
    return is_pip(b[0]) && b[1] == dgn::kTileJoin && is_pip(b[2]);
}

inline constexpr std::array<ast::EndLetter, 256> kEndLetter = [] {
    std::array<ast::EndLetter, 256> t{};  // EndLetter::none
    for (const auto& [text, letter] : dgn::kEndLetters)
        t[static_cast<unsigned char>(text[0])] = letter;
    return t;
}();

// L R N E S W, or none.
inline ast::EndLetter end_letter_of(char c) {
    return kEndLetter[static_cast<unsigned char>(c)];
}

// The seat or side word [b, e), when it is one.
inline bool who_at(const char* b, const char* e, ast::Who& who) {
#pragma GCC unroll 8
    for (const auto& [text, w] : dgn::kWhos) {
        if (same(b, e, text)) {
            who = w;
            return true;
        }
    }
    return false;
}

// 1 to 9 digits, and nothing else.
inline bool digits(const char* b, const char* e, int& n) {
    if (e - b < 1 || static_cast<std::size_t>(e - b) > dgn::kMaxDigits ||
        !std::all_of(b, e, is_digit))
        return false;
    n = 0;
    for (const char* p = b; p < e; ++p) n = n * 10 + (*p - '0');
    return true;
}

// The spelling of a table that the word [b, e) is, when it is one.
template <class T, std::size_t N>
[[gnu::always_inline]] inline bool spelled(const dgn::Spelling<T> (&table)[N], const char* b,
                                           const char* e, T& value) {
#pragma GCC unroll 8
    for (const auto& [text, v] : table) {
        if (same(b, e, text)) {
            value = v;
            return true;
        }
    }
    return false;
}

// Every keyword is lower case: a word that does not begin with a lower-case
// letter is none.
constexpr bool lower_case_keywords() {
    for (const auto& k : dgn::kLineKeywords)
        if (k.text[0] < 'a' || k.text[0] > 'z') return false;
    for (const auto& k : dgn::kActionKeywords)
        if (k.text[0] < 'a' || k.text[0] > 'z') return false;
    return true;
}
static_assert(lower_case_keywords());

inline ast::SeatNo seat_of(char c) {
    return static_cast<ast::SeatNo>(c - dgn::kFirstSeat);
}

// A blank or the end of a line at q: what may follow a word of a fast line.
inline bool blank_or_end(const char* q, const char* end) {
    const char c = *q;
    return is_blank(c) || c == '\n' || q == end || (c == '\r' && (q + 1 == end || q[1] == '\n'));
}

// 1 to 9 digits at q, not followed by another: the end of the number, or
// nullptr.
[[gnu::always_inline]] inline const char* number_at(const char* q, int& n) {
    const char* d = q;
    n = 0;
    while (static_cast<std::size_t>(d - q) < dgn::kMaxDigits && is_digit(*d))
        n = n * 10 + (*d++ - '0');
    return d == q || is_digit(*d) ? nullptr : d;
}

// A seat or side at w and a blank after it: its end, or nullptr. (Read up to
// the NUL that ends the text, which matches nothing.)
[[gnu::always_inline]] inline const char* who_then_blank(const char* w, ast::Who& who) {
#pragma GCC unroll 8
    for (const auto& [text, value] : dgn::kWhos) {
        if (at_word(w, text) && is_blank(w[text.size()])) {
            who = value;
            return w + text.size();
        }
    }
    return nullptr;
}

// The end of the word at q (up to a blank, a line end or a comment).
inline const char* word_at(const char* q, const char* end) {
    while (q < end && !kWordStop[static_cast<unsigned char>(*q)]) ++q;
    return q;
}

}  // namespace pips::parser::detail
