// The DGN 1 token grammar (Spirit X3), declared here and defined once in
// grammar_def.hpp, compiled in grammar.cpp only. Internal to the parser: the
// public headers (parser.hpp, ast.hpp) never include this file.
//
// Every rule parses one token with no skipper. The driver (parser.cpp) splits
// the text into words, lines and comments and hands each rule exactly one word
// ([first, last) ends where the word ends), so `x3::eoi` inside a rule means
// "and nothing more in this word". Rule names read as the thing expected:
// "expected " + rule.name + ", found ...".
#pragma once

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3.hpp>
#include <cstdint>
#include <string>

#include "parser/ast.hpp"
#include "parser/tokens.hpp"

namespace pips::parser::grammar {

namespace x3 = boost::spirit::x3;

// Attributes (plain structs, adapted below).
struct TileAttr {
    char a = '0';
    char b = '0';
};

struct PlayAttr {
    TileAttr tile;
    boost::optional<ast::EndLetter> end;
    boost::optional<int> claim;  // attached `+N`
};

using dgn::ActionKw;
using dgn::LineKw;

using iterator_type = const char*;
using context_type = x3::unused_type;  // no skipper, no error handler: plain x3::parse

// clang-format off
using tile_type           = x3::rule<struct tile_class, TileAttr>;
using tile_word_type      = x3::rule<struct tile_word_class, TileAttr>;
using play_type           = x3::rule<struct play_class, PlayAttr>;
using seat_word_type      = x3::rule<struct seat_word_class, char>;
using seat_label_type     = x3::rule<struct seat_label_class, char>;
using who_type            = x3::rule<struct who_class, ast::Who>;
using number_type         = x3::rule<struct number_class, int>;
using number_word_type    = x3::rule<struct number_word_class, int>;
using claim_word_type     = x3::rule<struct claim_word_class, int>;
using line_keyword_type   = x3::rule<struct line_keyword_class, LineKw>;
using action_keyword_type = x3::rule<struct action_keyword_class, ActionKw>;
using end_kind_type       = x3::rule<struct end_kind_class, ast::EndLine::Kind>;
using tag_name_type       = x3::rule<struct tag_name_class, std::string>;
using tag_value_type      = x3::rule<struct tag_value_class, std::string>;
// clang-format on

BOOST_SPIRIT_DECLARE(tile_type, tile_word_type, play_type, seat_word_type, seat_label_type,
                     who_type, number_type, number_word_type, claim_word_type, line_keyword_type,
                     action_keyword_type, end_kind_type, tag_name_type, tag_value_type)

}  // namespace pips::parser::grammar

// The rules, for x3::parse in the driver (as in X3's rexpr example, the
// accessors live outside the namespace of the rule objects).
namespace pips::parser::tokens {

// Prefixes of a word: `a-b` (pips 0..6); a tile with its end letter and an
// attached `+N`; a seat label `A:`..`D:`.
grammar::tile_type const& tile();
grammar::play_type const& play();
grammar::seat_label_type const& seat_label();

// Whole words: a tile; a seat `A`..`D`; a seat or side A B C D AC BD; a
// number of 1 to 9 digits; a claim `+N`; a line keyword (hand deal stock
// redeal remain end points score); an action keyword (pass knock draw foul);
// an end kind (domino block tie target).
grammar::tile_word_type const& tile_word();
grammar::seat_word_type const& seat_word();
grammar::who_type const& who();
grammar::number_word_type const& number_word();
grammar::claim_word_type const& claim_word();
grammar::line_keyword_type const& line_keyword();
grammar::action_keyword_type const& action_keyword();
grammar::end_kind_type const& end_kind();

// Tag pairs: a name (a letter, then letters, digits and `_`); the opening
// quote of a value and the value after it, escapes resolved, up to but not
// including whatever stopped it (the closing quote, a bad escape, a control
// character or the end of the line).
grammar::tag_name_type const& tag_name();
grammar::tag_value_type const& tag_value();

}  // namespace pips::parser::tokens

BOOST_FUSION_ADAPT_STRUCT(pips::parser::grammar::TileAttr, a, b)
BOOST_FUSION_ADAPT_STRUCT(pips::parser::grammar::PlayAttr, tile, end, claim)
