// What syntax errors say: words shown as found, and the lists of what was
// expected, made from the spellings of parser/tokens.hpp (recovery.cpp).
// Internal to the parser.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "parser/tokens.hpp"

namespace pips::parser::detail {

inline constexpr std::size_t kShowChars = 20;  // code points of a word shown in a message

// "a tile, pass, knock, draw or foul"
struct PlyItems {
    template <class Out>
    constexpr void operator()(Out out) const {
        out("a tile, ");
        dgn::list(dgn::kActionKeywords, out);
    }
};
inline constexpr auto kPlyItemsText = dgn::make_text<PlyItems>();
inline constexpr std::string_view kPlyItems = kPlyItemsText.view();

// `'text'` for a message: at most kShowChars code points, non-printable bytes
// escaped, `...` when cut.
std::string show(const char* b, const char* e);

// 'c', as a message shows a character.
std::string quoted(char c);

// "a remain, end, points, score or hand line", with "a ply or " before it
// while plies may come.
std::string later_lines(bool ply);

// "a tag pair or a hand line"
std::string first_lines();

// "expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
std::string end_letter_expected();

// `6-7`, `8-1R`: the shape of a tile, with a pip out of range.
bool bad_pips(const char* b, const char* e);

}  // namespace pips::parser::detail
