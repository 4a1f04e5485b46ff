// What an error breaks: a wrong claim (`+N`, `end`) and a ply after the end
// of a hand break nothing; the replay goes on with the rules' values. Every
// error of a record is compared here, not only the first.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/support/support.hpp"

using namespace pips;

namespace {

// (line, code) of every error of the one record in `text`.
std::vector<std::pair<unsigned, std::string>> errors_of(const std::string& text) {
    auto verdicts = test::check_text(text);
    EXPECT_EQ(verdicts.size(), 1u);
    std::vector<std::pair<unsigned, std::string>> out;
    if (verdicts.empty()) return out;
    for (const auto& e : verdicts[0].errors)
        out.emplace_back(e.pos.line, std::string(checker::code_name(e.code)));
    return out;
}

using Errors = std::vector<std::pair<unsigned, std::string>>;

// Hand 1: D dominoes, then a stray `A:6-6` (line 8); hand 2 at line 12. Hand 2 is posed by
// `hand2`: its plies, posed by B or by D.
std::string stray_ply(const char* rules, const char* hand2) {
    return std::string("[Rules \"") + rules +
           "\"]\n"
           "[Players \"Marcus, Desmond, Andre, Kevin\"]\n"
           "\n"
           "hand 1\n"
           "D:6-6 A:6-0 B:1-6 C:3-1 D:0-0L A:5-3 B:5-2R C:2-2R D:1-0 A:6-2R B:pass C:1-2\n"
           "D:6-5R A:5-5 B:0-2L C:0-3L D:4-5 A:4-1 B:3-2 C:2-4 D:5-1 A:5-0 B:4-0R C:pass\n"
           "D:6-4\n"
           "A:6-6\n"
           "end domino D\n"
           "\n"
           "hand 2\n" +
           hand2;
}

const char* kHand2ByB = "B:6-5 C:6-6L D:4-5R A:6-3 B:2-4 C:3-2R D:3-3L A:5-3 B:5-0 C:3-1\n";
const char* kHand2ByD = "D:6-5 A:6-6L B:4-5R C:6-3 D:2-4 A:3-2R B:3-3L C:5-3 D:5-0 A:3-1\n";

}  // namespace

TEST(ErrorsBreak, StrayPlyAfterDominoJamaicanEitherPartnerPoses) {
    // D's side won hand 1 all the same: B may pose hand 2.
    EXPECT_EQ(errors_of(stray_ply("jamaican", kHand2ByB)), (Errors{{8, "after-end"}}));
    EXPECT_EQ(errors_of(stray_ply("jamaican", kHand2ByD)), (Errors{{8, "after-end"}}));
}

TEST(ErrorsBreak, StrayPlyAfterDominoQuinientosOnlyTheWinnerPoses) {
    EXPECT_EQ(errors_of(stray_ply("quinientos", kHand2ByD)), (Errors{{8, "after-end"}}));
    EXPECT_EQ(errors_of(stray_ply("quinientos", kHand2ByB)),
              (Errors{{8, "after-end"}, {12, "wrong-pose"}}));
}

TEST(ErrorsBreak, StrayPlyKeepsTheMatchStateForResult) {
    // The match is known after the stray ply: a Result naming a winner is
    // checked (the match is not over).
    std::string text = "[Result \"BD\"]\n" + stray_ply("jamaican", kHand2ByD);
    EXPECT_EQ(errors_of(text), (Errors{{1, "result-mismatch"}, {9, "after-end"}}));
}

TEST(ErrorsBreak, WrongEndClaimGoesOnWithTheRulesResult) {
    // `end domino A` where D dominoed: the claim is wrong, and hand 2 is
    // posed by D's side as the rules say (the claim would give it to AC).
    std::string text = stray_ply("jamaican", kHand2ByB);
    auto at = text.find("A:6-6\n");
    text.erase(at, 6);
    text.replace(text.find("end domino D"), 12, "end domino A\npoints BD 1\nscore AC 0 BD 1");
    EXPECT_EQ(errors_of(text), (Errors{{8, "end-mismatch"}}));
}

TEST(ErrorsBreak, WrongPlusClaimGoesOnWithTheRulesPoints) {
    // Two wrong `+N` claims in hand 1: both are reported, and the points and
    // score lines (the rules' values) are right.
    const std::string text =
        "[Rules \"fives-threes\"]\n"
        "[Players \"Marcus, Desmond\"]\n"
        "\n"
        "hand 1\n"
        "A:1-0 B:0-6 A:6-4R +3 B:1-1L +2 A:4-4 +2 B:5-1 A:5-4L +4 B:2-4R +5 A:2-0 B:0-0\n"
        "end block\n"
        "points A 7 B 4\n"
        "score A 7 B 4\n"
        "\n"
        "hand 2\n"
        "B:5-0 +1 A:1-5 B:1-1 A:6-0 B:3-6 +1 A:3-1L +2 B:pass A:3-3 +3\n"
        "end block\n"
        "points A 5 B 2\n"
        "score A 12 B 6\n";
    EXPECT_EQ(errors_of(text), (Errors{{5, "points-mismatch"}, {5, "points-mismatch"}}));
}
