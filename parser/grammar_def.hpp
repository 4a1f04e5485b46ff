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

struct EndLetters : x3::symbols<ast::EndLetter> {
    EndLetters() {
        add("L", ast::EndLetter::L)("R", ast::EndLetter::R)("N", ast::EndLetter::N)(
            "E", ast::EndLetter::E)("S", ast::EndLetter::S)("W", ast::EndLetter::W);
    }
};
EndLetters const end_letter;

struct WhoNames : x3::symbols<ast::Who> {
    WhoNames() {
        add("A", ast::Who::A)("B", ast::Who::B)("C", ast::Who::C)("D", ast::Who::D)(
            "AC", ast::Who::AC)("BD", ast::Who::BD);
    }
};
WhoNames const who_names;

struct LineKeywords : x3::symbols<LineKw> {
    LineKeywords() {
        add("hand", LineKw::hand)("deal", LineKw::deal)("stock", LineKw::stock)(
            "redeal", LineKw::redeal)("remain", LineKw::remain)("end", LineKw::end)(
            "points", LineKw::points)("score", LineKw::score);
    }
};
LineKeywords const line_keywords;

struct ActionKeywords : x3::symbols<ActionKw> {
    ActionKeywords() {
        add("pass", ActionKw::pass)("knock", ActionKw::knock)("draw", ActionKw::draw)(
            "foul", ActionKw::foul);
    }
};
ActionKeywords const action_keywords;

struct EndKinds : x3::symbols<ast::EndLine::Kind> {
    EndKinds() {
        add("domino", ast::EndLine::Kind::domino)("block", ast::EndLine::Kind::block)(
            "tie", ast::EndLine::Kind::tie)("target", ast::EndLine::Kind::target);
    }
};
EndKinds const end_kinds;

// ---------------------------------------------------------------------------
// Rules (named: the name completes "expected ...")

// clang-format off
tile_type const           tile           = "a tile";
tile_word_type const      tile_word      = "a tile";
play_type const           play           = "a tile";
seat_word_type const      seat_word      = "a seat (A-D)";
seat_label_type const     seat_label     = "a seat label (A: to D:)";
who_type const            who            = "a seat or side (A, B, C, D, AC, BD)";
number_type const         number         = "a number";
number_word_type const    number_word    = "a number (at most 9 digits)";
claim_word_type const     claim_word     = "a claim '+N'";
line_keyword_type const   line_keyword   = "a line keyword";
action_keyword_type const action_keyword = "pass, knock, draw or foul";
end_kind_type const       end_kind       = "domino, block, tie or target";
tag_name_type const       tag_name       = "a tag name";
tag_value_type const      tag_value      = "a quoted tag value";
// clang-format on

auto const pip = ascii::char_('0', '6');
auto const seat = ascii::char_('A', 'D');
// Bytes that may not appear raw in a tag value: the quote, the backslash and
// control characters other than tab. Bytes >= 0x80 (UTF-8) are allowed.
auto const value_char = x3::char_ - lit('"') - lit('\\') - x3::char_('\x00', '\x08') -
                        x3::char_('\x0a', '\x1f') - lit('\x7f');
auto const escaped = lit('\\') >> x3::char_("\"\\");

// clang-format off
auto const tile_def           = pip >> lit('-') >> pip;
auto const tile_word_def      = tile >> eoi;
auto const number_def         = x3::uint_parser<int, 10, 1, 9>() >> !ascii::digit;
auto const play_def           = tile >> -end_letter >> -(lit('+') >> number);
auto const seat_word_def      = seat >> eoi;
auto const seat_label_def     = seat >> lit(':');
auto const who_def            = who_names >> eoi;
auto const number_word_def    = number >> eoi;
auto const claim_word_def     = lit('+') >> number >> eoi;
auto const line_keyword_def   = line_keywords >> eoi;
auto const action_keyword_def = action_keywords >> eoi;
auto const end_kind_def       = end_kinds >> eoi;
auto const tag_name_def       = ascii::alpha >> *(ascii::alnum | ascii::char_('_'));
auto const tag_value_def      = lit('"') >> *(escaped | value_char);
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
