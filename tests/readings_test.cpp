// An unlabelled pose read once per seat that could have posed it (RULINGS.md,
// "Who posed"): what the kept reading reports, and what several clean
// readings leave unknown.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/support.hpp"

using namespace pips;

namespace {

checker::Verdict check_file(const std::string& name) {
    auto vs = test::check_text(test::slurp(std::string(PIPS_SOURCE_DIR) + "/corpus/" + name));
    EXPECT_EQ(vs.size(), 1u);
    return vs.empty() ? checker::Verdict{} : vs.front();
}

bool lists(const checker::Verdict& v, const std::string& what) {
    return std::find(v.unchecked.begin(), v.unchecked.end(), what) != v.unchecked.end();
}

}  // namespace

TEST(Readings, TwoCleanReadingsLeaveTheWinnerAndTheNextPoserUnknown) {
    auto v = check_file("valid/partial/cutthroat2_two_clean_readings_leave_winner_unknown.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v, "who posed hand 1")) << test::describe(v);
    EXPECT_TRUE(lists(v, "the score after hand 1 (who posed is not shown)")) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 2: who poses (who posed hand 1 is not shown)")) << test::describe(v);
    EXPECT_FALSE(lists(v, "who posed hand 2")) << test::describe(v);
}

TEST(Readings, OneCleanReadingDecidesWhoPosed) {
    auto v = check_file("valid/partial/jamaican_unlabelled_pose_read_from_end_claim.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    for (const auto& u : v.unchecked) EXPECT_EQ(u.find("who pose"), std::string::npos) << u;
}

TEST(Readings, TheReadingWhoseFirstErrorIsFurthestIsKept) {
    auto v =
        check_file("invalid/points-mismatch/jamaican_unlabelled_furthest_error_reading_kept.dgn");
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
