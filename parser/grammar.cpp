// The one translation unit that compiles the X3 grammar.
#include "parser/grammar_def.hpp"

namespace pips::parser::grammar {

// clang-format off
BOOST_SPIRIT_INSTANTIATE(tile_type,           iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(tile_word_type,      iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(play_type,           iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(seat_word_type,      iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(seat_label_type,     iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(who_type,            iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(number_word_type,    iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(claim_word_type,     iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(line_keyword_type,   iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(action_keyword_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(end_kind_type,       iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(tag_name_type,       iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(tag_value_type,      iterator_type, context_type)
// clang-format on

}  // namespace pips::parser::grammar
