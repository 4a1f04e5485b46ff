// The checker's branch-free readings of a written tile and end letter
// against the engine's own: every pair of halves a tile token can hold, and
// every end letter.
#include <gtest/gtest.h>

#include "checker/replay.hpp"

using namespace pips;

TEST(CheckerTiles, TileOfEveryTokenIsTheEnginesTile) {
    for (int a = 0; a < 256; ++a)
        for (int b = 0; b < 256; ++b) {
            ast::TileTok tok;
            tok.a = static_cast<std::uint8_t>(a);
            tok.b = static_cast<std::uint8_t>(b);
            const Tile got = checker::impl::tile_of(tok), want(a, b);
            ASSERT_EQ(got.hi, want.hi) << a << "-" << b;
            ASSERT_EQ(got.lo, want.lo) << a << "-" << b;
        }
}

TEST(CheckerTiles, EndOfEveryLetter) {
    EXPECT_EQ(checker::end_of(ast::EndLetter::none), std::nullopt);
    EXPECT_EQ(checker::end_of(ast::EndLetter::L), End::L);
    EXPECT_EQ(checker::end_of(ast::EndLetter::R), End::R);
    EXPECT_EQ(checker::end_of(ast::EndLetter::N), End::N);
    EXPECT_EQ(checker::end_of(ast::EndLetter::E), End::E);
    EXPECT_EQ(checker::end_of(ast::EndLetter::S), End::S);
    EXPECT_EQ(checker::end_of(ast::EndLetter::W), End::W);
}

TEST(CheckerTiles, EndsAllowedByEveryLetterAreTheEnginesOfItsEnd) {
    for (int i = 0; i <= static_cast<int>(ast::EndLetter::W); ++i) {
        const auto letter = static_cast<ast::EndLetter>(i);
        EXPECT_EQ(checker::impl::ends_allowed(letter),
                  HandState::ends_allowed(checker::end_of(letter)))
            << i;
    }
}
