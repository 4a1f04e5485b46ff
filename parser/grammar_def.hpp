// Definitions of the DGN 1 token rules declared in grammar.hpp. Included by
// grammar.cpp only, so that the grammar compiles once.
//
// Only `x3::ascii::` character classes are used: the `standard` classes call
// <cctype> functions that must not see bytes >= 0x80. `x3::char_` (any byte)
// and literal characters are safe with any byte.
#pragma once

#include "parser/grammar.hpp"

namespace pips::parser::grammar {

namespace ascii = x3::ascii;
using x3::eoi;
using x3::lit;

// ---------------------------------------------------------------------------
// Symbol tables

// A symbol table of the spellings in a table of parser/tokens.hpp.
template <class T>
struct Symbols : x3::symbols<T> {
    template <std::size_t N>
    explicit Symbols(const dgn::Spelling<T> (&table)[N]) {
        for (const auto& s : table) this->add(std::string(s.text), s.value);
    }
};

Symbols<ast::EndLetter> const end_letter(dgn::kEndLetters);
Symbols<ast::Who> const who_names(dgn::kWhos);
Symbols<LineKw> const line_keywords(dgn::kLineKeywords);
Symbols<ActionKw> const action_keywords(dgn::kActionKeywords);
Symbols<ast::EndLine::Kind> const end_kinds(dgn::kEndKinds);

// Rule names that list spellings.
struct WhoName {
    template <class Out>
    constexpr void operator()(Out out) const {
        out("a seat or side (");
        dgn::list(dgn::kWhos, out, ", ");
        out(")");
    }
};
struct SeatName {
    template <class Out>
    constexpr void operator()(Out out) const {
        const char range[] = {dgn::kFirstSeat, '-', dgn::kLastSeat};
        out("a seat (");
        out(std::string_view(range, 3));
        out(")");
    }
};
struct SeatLabelName {
    template <class Out>
    constexpr void operator()(Out out) const {
        const char first[] = {dgn::kFirstSeat, dgn::kSeatLabel};
        const char last[] = {dgn::kLastSeat, dgn::kSeatLabel};
        out("a seat label (");
        out(std::string_view(first, 2));
        out(" to ");
        out(std::string_view(last, 2));
        out(")");
    }
};
struct ClaimName {
    template <class Out>
    constexpr void operator()(Out out) const {
        const char plus[] = {dgn::kClaim};
        out("a claim '");
        out(std::string_view(plus, 1));
        out("N'");
    }
};
struct ActionName {
    template <class Out>
    constexpr void operator()(Out out) const {
        dgn::list(dgn::kActionKeywords, out);
    }
};
struct EndKindName {
    template <class Out>
    constexpr void operator()(Out out) const {
        dgn::list(dgn::kEndKinds, out);
    }
};
constexpr auto kWhoName = dgn::make_text<WhoName>();
constexpr auto kSeatName = dgn::make_text<SeatName>();
constexpr auto kSeatLabelName = dgn::make_text<SeatLabelName>();
constexpr auto kClaimName = dgn::make_text<ClaimName>();
constexpr auto kActionName = dgn::make_text<ActionName>();
constexpr auto kEndKindName = dgn::make_text<EndKindName>();

// ---------------------------------------------------------------------------
// Rules (named: the name completes "expected ...")

// clang-format off
tile_type const           tile           = "a tile";
tile_word_type const      tile_word      = "a tile";
play_type const           play           = "a tile";
seat_word_type const      seat_word      = kSeatName.c_str();
seat_label_type const     seat_label     = kSeatLabelName.c_str();
who_type const            who            = kWhoName.c_str();
number_type const         number         = "a number";
number_word_type const    number_word    = "a number (at most 9 digits)";
claim_word_type const     claim_word     = kClaimName.c_str();
line_keyword_type const   line_keyword   = "a line keyword";
action_keyword_type const action_keyword = kActionName.c_str();
end_kind_type const       end_kind       = kEndKindName.c_str();
tag_name_type const       tag_name       = "a tag name";
tag_value_type const      tag_value      = "a quoted tag value";
// clang-format on

auto const pip = ascii::char_(dgn::kFirstPip, dgn::kLastPip);
auto const seat = ascii::char_(dgn::kFirstSeat, dgn::kLastSeat);
// Bytes that may not appear raw in a tag value: the quote, the backslash and
// control characters other than tab. Bytes >= 0x80 (UTF-8) are allowed.
auto const value_char = x3::char_ - lit(dgn::kQuote) - lit(dgn::kEscape) -
                        x3::char_('\x00', '\x08') - x3::char_('\x0a', '\x1f') - lit('\x7f');
auto const escaped = lit(dgn::kEscape) >> (x3::char_(dgn::kQuote) | x3::char_(dgn::kEscape));

// clang-format off
auto const tile_def           = pip >> lit(dgn::kTileJoin) >> pip;
auto const tile_word_def      = tile >> eoi;
auto const number_def         = x3::uint_parser<int, 10, 1, dgn::kMaxDigits>() >> !ascii::digit;
auto const play_def           = tile >> -end_letter >> -(lit(dgn::kClaim) >> number);
auto const seat_word_def      = seat >> eoi;
auto const seat_label_def     = seat >> lit(dgn::kSeatLabel);
auto const who_def            = who_names >> eoi;
auto const number_word_def    = number >> eoi;
auto const claim_word_def     = lit(dgn::kClaim) >> number >> eoi;
auto const line_keyword_def   = line_keywords >> eoi;
auto const action_keyword_def = action_keywords >> eoi;
auto const end_kind_def       = end_kinds >> eoi;
auto const tag_name_def       = ascii::alpha >> *(ascii::alnum | ascii::char_('_'));
auto const tag_value_def      = lit(dgn::kQuote) >> *(escaped | value_char);
// clang-format on

BOOST_SPIRIT_DEFINE(tile, tile_word, play, seat_word, seat_label, who, number, number_word,
                    claim_word, line_keyword, action_keyword, end_kind, tag_name, tag_value)

}  // namespace pips::parser::grammar

namespace pips::parser::tokens {

// clang-format off
grammar::tile_type const& tile() { return grammar::tile; }
grammar::tile_word_type const& tile_word() { return grammar::tile_word; }
grammar::play_type const& play() { return grammar::play; }
grammar::seat_word_type const& seat_word() { return grammar::seat_word; }
grammar::seat_label_type const& seat_label() { return grammar::seat_label; }
grammar::who_type const& who() { return grammar::who; }
grammar::number_word_type const& number_word() { return grammar::number_word; }
grammar::claim_word_type const& claim_word() { return grammar::claim_word; }
grammar::line_keyword_type const& line_keyword() { return grammar::line_keyword; }
grammar::action_keyword_type const& action_keyword() { return grammar::action_keyword; }
grammar::end_kind_type const& end_kind() { return grammar::end_kind; }
grammar::tag_name_type const& tag_name() { return grammar::tag_name; }
grammar::tag_value_type const& tag_value() { return grammar::tag_value; }
// clang-format on

}  // namespace pips::parser::tokens
