// An unlabelled pose read once per seat that could have posed it (RULINGS.md,
// "Who posed"): what the kept reading reports, and what several clean
// readings leave unknown.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/support.hpp"

using namespace pips;

namespace {

using test::corpus_verdict;
using test::lists;

}  // namespace

TEST(Readings, TwoCleanReadingsLeaveTheWinnerAndTheNextPoserUnknown) {
    auto v = corpus_verdict("valid/partial/cutthroat2_two_clean_readings_leave_winner_unknown.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v, "who posed hand 1")) << test::describe(v);
    EXPECT_TRUE(lists(v, "the score after hand 1 (who posed is not shown)")) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 2: who poses (who posed hand 1 is not shown)")) << test::describe(v);
    EXPECT_FALSE(lists(v, "who posed hand 2")) << test::describe(v);
}

TEST(Readings, OneCleanReadingDecidesWhoPosed) {
    auto v = corpus_verdict("valid/partial/jamaican_unlabelled_pose_read_from_end_claim.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    for (const auto& u : v.unchecked) EXPECT_EQ(u.find("who pose"), std::string::npos) << u;
}

TEST(Readings, TheReadingWhoseFirstErrorIsFurthestIsKept) {
    auto v = corpus_verdict(
        "invalid/points-mismatch/jamaican_unlabelled_furthest_error_reading_kept.dgn");
    ASSERT_FALSE(v.errors.empty());
    EXPECT_EQ(v.errors.front().code, checker::Code::points_mismatch) << test::describe(v);
    // Only the kept reading's errors are reported.
    for (const auto& e : v.errors) EXPECT_NE(e.code, checker::Code::end_mismatch);
}

TEST(Readings, EqualFirstErrorsKeepTheEarlierReading) {
    // Every reading fails at the end line; A's reading (the first), in which
    // D played out, is kept.
    std::string text = test::slurp(
        std::string(PIPS_SOURCE_DIR) +
        "/corpus/invalid/points-mismatch/jamaican_unlabelled_furthest_error_reading_kept.dgn");
    text.replace(text.find("end domino B"), 12, "end block AC");
    auto vs = test::check_text(text);
    ASSERT_EQ(vs.size(), 1u);
    ASSERT_FALSE(vs[0].errors.empty());
    EXPECT_EQ(vs[0].errors.front().code, checker::Code::end_mismatch) << test::describe(vs[0]);
    EXPECT_NE(vs[0].errors.front().message.find("domino by D"), std::string::npos)
        << test::describe(vs[0]);
}

namespace {

// Chiva, 2 players, no deals or labels: B posed 6-6 and played out at the
// 13th ply; a stray 6-6 follows it (line 6).
const char* kStrayChiva =
    "[Rules \"chiva\"]\n"
    "[Players \"Marcus, Desmond\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "hand 1\n"
    "6-6 2-6 0-2 4-6 4-4R 0-0 0-5 5-3L 3-1 4-3 1-5 5-5L 6-3 6-6\n"
    "end domino B\n"
    "points A 0 B 1\n"
    "score A 0 B 1\n";

// Fives-threes, 2 players: hand 1 breaks at its third ply (5-2 again), the
// same in either reading; hand 2 was led by B.
const char* kBrokenFivesThrees =
    "[Rules \"fives-threes\"]\n"
    "[Players \"Marcus, Desmond\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "hand 1\n"
    "5-2 1-2 +2 5-2 6-5 +2 6-2L +2 5-4 5-5R +4 5-1 +1 6-1 pass\n"
    "6-4 +2 4-3R +1 3-0R\n"
    "end domino A\n"
    "points A 12 B 6\n"
    "score A 12 B 6\n"
    "\n"
    "hand 2\n"
    "2-3 +1 2-2L 3-3 +2 2-4L +2 3-6R +2 6-4L +4 pass 2-6 5-2L 5-1\n"
    "2-1\n"
    "end block\n";

checker::Verdict check(const std::string& text) {
    auto vs = test::check_text(text);
    EXPECT_EQ(vs.size(), 1u);
    return vs.empty() ? checker::Verdict{} : vs.front();
}

}  // namespace

TEST(Readings, EqualFirstErrorsTheNextDecides) {
    // Both readings meet the stray ply first (after-end breaks nothing);
    // A's then fails at `end domino B`, B's does not: B's is kept, and B won.
    auto v = check(kStrayChiva);
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_EQ(v.errors[0].code, checker::Code::after_end);
    EXPECT_FALSE(lists(v, "who posed hand 1")) << test::describe(v);
    std::string text = kStrayChiva;
    text.replace(text.find("[Result \"*\"]"), 12, "[Result \"A\"]");
    auto w = check(text);
    ASSERT_FALSE(w.errors.empty());
    EXPECT_EQ(w.errors[0].code, checker::Code::result_mismatch) << test::describe(w);
    EXPECT_NE(w.errors[0].message.find("A 0 B 1"), std::string::npos) << test::describe(w);
}

TEST(Readings, ReadingsBrokenAlikeLeaveThePoserUnknown) {
    // Every reading of hand 1 breaks at the same ply: who led it is not
    // known, so the lead of hand 2 is not checked.
    auto v = check(kBrokenFivesThrees);
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_EQ(v.errors[0].code, checker::Code::not_in_hand);
    EXPECT_EQ(v.errors[0].pos.line, 6u);
    EXPECT_TRUE(lists(v, "who posed hand 1")) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 2: who poses (hand 1 is broken)")) << test::describe(v);
}

TEST(Readings, ABrokenHandsLabelledLeadStillRotates) {
    // Hand 1 led by A (labelled) and broken: the lead passes to B all the
    // same, and A leading hand 2 is wrong-pose.
    std::string text = kBrokenFivesThrees;
    text.replace(text.find("5-2 1-2"), 3, "A:5-2");
    auto v = check(text);
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    text.replace(text.find("2-3 +1"), 3, "A:2-3");
    auto w = check(text);
    ASSERT_EQ(w.errors.size(), 2u) << test::describe(w);
    EXPECT_EQ(w.errors[1].code, checker::Code::wrong_pose);
    EXPECT_EQ(w.errors[1].pos.line, 13u);
    EXPECT_NE(w.errors[1].message.find("the lead passes to the seat after A"), std::string::npos)
        << w.errors[1].message;
}

// A reading the replay leaves aside says nothing about the hands after it:
// the reason who poses hand 3 is not known is the kept reading's (hand 2's
// outcome is not shown), not that of a reading that broke.
TEST(Readings, AReadingLeftAsideGivesNoReason) {
    auto v = corpus_verdict("valid/partial/jamaican_unscored_block_leaves_next_poser_unknown.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 3: who poses (hand 2's outcome is not shown)")) << test::describe(v);
    EXPECT_FALSE(lists(v, "hand 3: who poses (hand 2 is broken)")) << test::describe(v);
}
