// Every DGN 1 keyword and token spelling, defined once, with what it means in
// the syntax tree. The X3 grammar builds its symbol tables from these, the
// hand-written fast path and the record splitter compare against them, the
// printer writes them, and the messages that list them are made from them.
// Nothing else in parser/ spells a keyword.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parser/ast.hpp"

namespace pips::parser::dgn {

// The keyword that begins a line, and the keywords of a ply's action.
enum class LineKw : std::uint8_t { hand, deal, stock, redeal, remain, end, points, score };
enum class ActionKw : std::uint8_t { pass, knock, draw, foul };

template <class T>
struct Spelling {
    std::string_view text;
    T value;
};

// Each table is in the order of its enum, so that spelling(value) is an index.
inline constexpr Spelling<LineKw> kLineKeywords[] = {
    {"hand", LineKw::hand},     {"deal", LineKw::deal},     {"stock", LineKw::stock},
    {"redeal", LineKw::redeal}, {"remain", LineKw::remain}, {"end", LineKw::end},
    {"points", LineKw::points}, {"score", LineKw::score},
};
inline constexpr Spelling<ActionKw> kActionKeywords[] = {
    {"pass", ActionKw::pass},  // `knock` is the same word (Paphos scorers)
    {"knock", ActionKw::knock},
    {"draw", ActionKw::draw},
    {"foul", ActionKw::foul},
};
inline constexpr Spelling<ast::EndLine::Kind> kEndKinds[] = {
    {"domino", ast::EndLine::Kind::domino},
    {"block", ast::EndLine::Kind::block},
    {"tie", ast::EndLine::Kind::tie},
    {"target", ast::EndLine::Kind::target},
};
inline constexpr Spelling<ast::Who> kWhos[] = {
    {"A", ast::Who::A}, {"B", ast::Who::B},   {"C", ast::Who::C},
    {"D", ast::Who::D}, {"AC", ast::Who::AC}, {"BD", ast::Who::BD},
};
// After EndLetter::none, in the order of the enum.
inline constexpr Spelling<ast::EndLetter> kEndLetters[] = {
    {"L", ast::EndLetter::L}, {"R", ast::EndLetter::R}, {"N", ast::EndLetter::N},
    {"E", ast::EndLetter::E}, {"S", ast::EndLetter::S}, {"W", ast::EndLetter::W},
};

// Single characters.
inline constexpr char kFirstPip = '0';
inline constexpr char kLastPip = '6';
inline constexpr char kTileJoin = '-';   // `a-b`
inline constexpr char kFirstSeat = 'A';  // seats A..D, in turn order
inline constexpr char kLastSeat = 'D';
inline constexpr char kSeatLabel = ':';  // `A:`
inline constexpr char kClaim = '+';      // `+N`
inline constexpr char kTagOpen = '[';
inline constexpr char kTagClose = ']';
inline constexpr char kQuote = '"';
inline constexpr char kEscape = '\\';
inline constexpr char kLineComment = ';';
inline constexpr char kCommentOpen = '{';
inline constexpr char kCommentClose = '}';
inline constexpr std::size_t kMaxDigits = 9;  // of a number

constexpr std::string_view spelling(LineKw k) {
    return kLineKeywords[static_cast<std::size_t>(k)].text;
}
constexpr std::string_view spelling(ActionKw k) {
    return kActionKeywords[static_cast<std::size_t>(k)].text;
}
constexpr std::string_view spelling(ast::EndLine::Kind k) {
    return kEndKinds[static_cast<std::size_t>(k)].text;
}
constexpr std::string_view spelling(ast::Who w) {
    return kWhos[static_cast<std::size_t>(w)].text;
}
constexpr std::string_view spelling(ast::EndLetter e) {
    return e == ast::EndLetter::none ? std::string_view()
                                     : kEndLetters[static_cast<std::size_t>(e) - 1].text;
}
constexpr char seat_char(ast::SeatNo s) {
    return static_cast<char>(kFirstSeat + s);
}

// The tables are in the order of their enums.
template <class T, std::size_t N>
constexpr bool in_order(const Spelling<T> (&table)[N], std::size_t first = 0) {
    for (std::size_t i = 0; i < N; ++i)
        if (static_cast<std::size_t>(table[i].value) != i + first) return false;
    return true;
}
static_assert(in_order(kLineKeywords) && in_order(kActionKeywords) && in_order(kEndKinds) &&
              in_order(kWhos) && in_order(kEndLetters, 1));

// ---------------------------------------------------------------------------
// Texts made from the spellings at compile time (rule names and messages
// that list keywords): a NUL-terminated array of characters.

template <std::size_t N>
struct Text {
    std::array<char, N + 1> chars{};
    constexpr const char* c_str() const { return chars.data(); }
    constexpr std::string_view view() const { return {chars.data(), N}; }
};

// F{}(out) calls out(piece) for each piece of the text.
template <class F>
constexpr std::size_t text_size() {
    std::size_t n = 0;
    F{}([&n](std::string_view s) { n += s.size(); });
    return n;
}

template <class F>
constexpr auto make_text() {
    Text<text_size<F>()> t;
    std::size_t i = 0;
    F{}([&](std::string_view s) {
        for (const char c : s) t.chars[i++] = c;
    });
    return t;
}

// The spellings of a table from `from` to `to` (inclusive, enum values),
// "a, b, c" with `last` before the last one (", " or " or ").
template <class T, std::size_t N, class Out>
constexpr void list(const Spelling<T> (&table)[N], Out out, std::string_view last = " or ",
                    std::size_t from = 0, std::size_t to = N - 1) {
    for (std::size_t i = from; i <= to; ++i) {
        if (i > from) out(i == to ? last : std::string_view(", "));
        out(table[i].text);
    }
}

}  // namespace pips::parser::dgn
