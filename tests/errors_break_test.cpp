// What an error breaks: a wrong claim (`+N`, `end`) and a ply after the end
// of a hand break nothing; the replay goes on with the rules' values. Any
// other rules error breaks its hand: its claims are not taken, and what
// depends on its outcome is unchecked until the record makes it known
// again. Every error of a record is compared here, not only the first.
#include <gtest/gtest.h>

#include <algorithm>
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

checker::Verdict verdict_of(const std::string& text) {
    auto vs = test::check_text(text);
    EXPECT_EQ(vs.size(), 1u);
    return vs.empty() ? checker::Verdict{} : vs.front();
}

using test::corpus_verdict;
using test::lists;
using test::without_seat_labels;

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

TEST(ErrorsBreak, StrayPlyAfterDominoWithoutLabels) {
    // Hand 1 unlabelled: every reading meets the stray ply at line 8, and
    // only D's explains `end domino D`, so D posed it and D's side won.
    // Hand 2's deal line shows who poses it.
    const std::string by_b = std::string("deal B 6-0 2-2 5-0 4-2 6-5 3-0 5-1\n") + kHand2ByB;
    const std::string by_d = std::string("deal D 6-0 2-2 5-0 4-2 6-5 3-0 5-1\n") + kHand2ByD;
    EXPECT_EQ(errors_of(without_seat_labels(stray_ply("jamaican", by_b.c_str()))),
              (Errors{{8, "after-end"}}));
    EXPECT_EQ(errors_of(without_seat_labels(stray_ply("jamaican", by_d.c_str()))),
              (Errors{{8, "after-end"}}));
    EXPECT_EQ(errors_of(without_seat_labels(stray_ply("quinientos", by_d.c_str()))),
              (Errors{{8, "after-end"}}));
    EXPECT_EQ(errors_of(without_seat_labels(stray_ply("quinientos", by_b.c_str()))),
              (Errors{{8, "after-end"}, {13, "wrong-pose"}}));
    // Nothing shows who posed hand 2 in jamaican: B and D read alike.
    auto v = verdict_of(without_seat_labels(stray_ply("jamaican", kHand2ByB)));
    EXPECT_TRUE(lists(v, "who posed hand 2")) << test::describe(v);
    EXPECT_FALSE(lists(v, "who posed hand 1")) << test::describe(v);
}

TEST(ErrorsBreak, StrayPlyWithoutLabelsKeepsTheMatchStateForResult) {
    std::string text = "[Result \"BD\"]\n" + without_seat_labels(stray_ply("jamaican", kHand2ByD));
    EXPECT_EQ(errors_of(text), (Errors{{1, "result-mismatch"}, {9, "after-end"}}));
}

TEST(ErrorsBreak, ABrokenHandsClaimsAreNotTaken) {
    // Hand 1 breaks at line 15; its end, points and score lines are wrong
    // and neither reported nor carried on (hand 2's pose by D and its score
    // line would contradict them).
    auto v = corpus_verdict("invalid/not-in-hand/broken_hand_wrong_claims_not_reported.dgn");
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_EQ(v.errors[0].code, checker::Code::not_in_hand);
    EXPECT_TRUE(lists(v, "hand 1: its claims (the hand is broken)")) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 2: who poses (hand 1 is broken)")) << test::describe(v);
    // Hand 2's score line makes the score known again: Result is checked.
    EXPECT_FALSE(lists(v, "Result: the match state is unknown")) << test::describe(v);
}

TEST(ErrorsBreak, ResultAfterABrokenLastHandIsUnchecked) {
    auto v = corpus_verdict("invalid/not-in-hand/result_after_broken_last_hand_unchecked.dgn");
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_EQ(v.errors[0].code, checker::Code::not_in_hand);
    EXPECT_TRUE(lists(v, "Result: the match state is unknown")) << test::describe(v);
    EXPECT_TRUE(lists(v, "the score after hand 2 (hand 2 is broken)")) << test::describe(v);
}

TEST(ErrorsBreak, ThePoserIsKnownAgainAfterAHandThePliesDecide) {
    // Quinientos: the seat that dominoed poses next, whatever the score.
    auto v =
        corpus_verdict("invalid/not-in-hand/quinientos_poser_known_again_after_broken_hand.dgn");
    std::vector<std::pair<unsigned, checker::Code>> got;
    for (const auto& e : v.errors) got.emplace_back(e.pos.line, e.code);
    EXPECT_EQ(got, (std::vector<std::pair<unsigned, checker::Code>>{
                       {15, checker::Code::not_in_hand}, {38, checker::Code::wrong_pose}}))
        << test::describe(v);
}

TEST(ErrorsBreak, JamaicanPoserAfterABrokenHandWaitsForTheScore) {
    // Jamaican: a win from an unknown score may have reset it, so the next
    // poser is not known until a score line shows the score.
    const std::string file =
        "invalid/not-in-hand/jamaican_poser_after_broken_hand_waits_for_score.dgn";
    auto v = corpus_verdict(file);
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 2: who poses (hand 1 is broken)")) << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 3: who poses (the score before hand 2 is not known)"))
        << test::describe(v);
    EXPECT_FALSE(lists(v, "Result: the match state is unknown")) << test::describe(v);
    const std::string text = test::slurp(std::string(PIPS_SOURCE_DIR) + "/corpus/" + file);
    // A score line the match cannot stand at is not taken: score-mismatch.
    std::string bad = text;
    bad.replace(bad.rfind("score AC 1 BD 0"), 15, "score AC 2 BD 1");
    EXPECT_EQ(errors_of(bad), (Errors{{16, "not-in-hand"}, {43, "score-mismatch"}}));
    // Hand 3 posed by D, with 5-5: not checked while the score is unknown...
    std::string by_d = text.substr(0, text.find("C:6-6 D:pass")) + "D:5-5\n";
    EXPECT_EQ(errors_of(by_d), (Errors{{16, "not-in-hand"}}));
    // ... and wrong once hand 2's score line shows that AC's win reset the
    // score (the holder of 6-6, C, poses).
    by_d.replace(by_d.find("points AC 1 BD 0\n"), 17, "points AC 1 BD 0\nscore AC 0 BD 0\n");
    EXPECT_EQ(errors_of(by_d), (Errors{{16, "not-in-hand"}, {39, "wrong-pose"}}));
}

TEST(ErrorsBreak, AWrongClaimAloneBreaksNothing) {
    // The same hand 1 with only its claims wrong: they are reported, and the
    // replay goes on with the rules' values (D's side poses hand 2, and
    // Result is checked against them).
    std::string text = "[Result \"AC\"]\n" + stray_ply("jamaican", kHand2ByB);
    text.erase(text.find("A:6-6\n"), 6);
    text.replace(text.find("end domino D"), 12, "end domino A\npoints AC 1\nscore AC 1 BD 0");
    EXPECT_EQ(errors_of(text), (Errors{{1, "result-mismatch"},
                                       {9, "end-mismatch"},
                                       {10, "points-mismatch"},
                                       {11, "score-mismatch"},
                                       {11, "score-mismatch"}}));
}

namespace {

// Jamaican with deals: hand 1 blocked, AC winning (C has the lowest count),
// then hand 2 posed by `pose2`; `knock` comes after the block.
std::string blocked_then(const char* knock, const char* pose2) {
    return std::string(
               "[Rules \"jamaican\"]\n"
               "[Players \"Marcus, Desmond, Andre, Kevin\"]\n"
               "\n"
               "hand 1\n"
               "deal A 4-0 0-0 6-3 4-4 3-0 4-2 5-4\n"
               "deal B 5-5 6-4 6-6 4-1 6-5 2-1 5-1\n"
               "deal C 2-0 5-3 6-1 3-3 6-0 1-1 4-3\n"
               "deal D 5-0 3-1 5-2 6-2 1-0 3-2 2-2\n"
               "B:6-6 C:0-6 D:1-0L A:6-3R B:1-4L C:3-3 D:1-3 A:4-5 B:5-1R C:5-3 D:5-2 A:0-3L\n"
               "B:1-2R C:1-1 D:0-5 A:pass B:5-6 C:6-1L\n") +
           knock +
           "end block AC\n"
           "points AC 1 BD 0\n"
           "score AC 1 BD 0\n"
           "\n"
           "hand 2\n"
           "deal A 3-3 6-3 6-1 6-2 3-0 0-0 4-4\n"
           "deal B 2-1 5-4 5-3 4-0 5-0 6-4 4-1\n"
           "deal C 6-0 1-1 5-1 2-0 4-3 6-5 6-6\n"
           "deal D 1-0 2-2 3-1 5-2 5-5 3-2 4-2\n" +
           pose2;
}

}  // namespace

TEST(ErrorsBreak, AKnockOutOfTurnAfterABlockBreaksNothing) {
    // D's turn after the block: a knock by A is wrong-seat, and the hand
    // stays as it ended (AC won, its claims checked and taken).
    EXPECT_EQ(errors_of(blocked_then("", "C:6-6\n")), (Errors{}));
    EXPECT_EQ(errors_of(blocked_then("A:pass\n", "C:6-6\n")), (Errors{{11, "wrong-seat"}}));
    EXPECT_EQ(errors_of(blocked_then("A:pass\n", "D:5-5\n")),
              (Errors{{11, "wrong-seat"}, {21, "wrong-pose"}}));
}

TEST(ErrorsBreak, AWrongEndLineOnAnUnscoredHandSettlesNothing) {
    // Hand 4 is blocked and its counts are not shown: `end domino B` is
    // wrong, and it and the lines after it settle nothing, so the score
    // after hand 4 is unknown and Result is not checked.
    std::string text =
        test::slurp(std::string(PIPS_SOURCE_DIR) +
                    "/corpus/valid/partial/jamaican4_block_winner_from_points_line.dgn");
    text.replace(text.rfind("end block"), 9, "end domino B");
    auto v = verdict_of(text);
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_EQ(v.errors[0].code, checker::Code::end_mismatch);
    EXPECT_TRUE(lists(v, "Result: the match state is unknown")) << test::describe(v);
}

// A line with a syntax error gets that error only, and nothing after the
// first syntax error is replayed: a `hand` line with one is not also where
// the hand before it is cut short (no end-mismatch there).
TEST(ErrorsBreak, SyntaxErrorOnAHandLineIsTheOnlyError) {
    auto v = corpus_verdict("invalid/syntax/hand_line_syntax_error_only.dgn");
    ASSERT_EQ(v.errors.size(), 1u) << test::describe(v);
    EXPECT_EQ(v.errors[0].code, checker::Code::syntax);
    EXPECT_EQ(v.errors[0].pos.line, 11u);
    EXPECT_EQ(v.errors[0].pos.column, 6u);
    // The same with an end line cut by a syntax error: the summary hand is
    // the last one replayed.
    EXPECT_EQ(errors_of("[Rules \"jamaican\"]\n[Players \"P, Q, R, S\"]\n\nhand 1\nend domino A\n"
                        "\nhand 2\nend dommino B\n\nhand 3\nA:6-6\n"),
              (Errors{{8, "syntax"}}));
}

// A record that starts after hand 1 says so for its first hand only.
TEST(ErrorsBreak, RecordStartingAfterHandOneIsTheReasonForItsFirstHandOnly) {
    const std::string text =
        "[Rules \"jamaican\"]\n[Players \"P, Q, R, S\"]\n[Score \"AC 2 BD 0\"]\n\nhand 3\n"
        "6-6 0-6 1-0L 6-3R 1-4L 3-3 1-3 4-5 5-1R 5-3 5-2 0-3L 1-2R 1-1 0-5 pass 5-6 6-1L\n"
        "\nhand 4\n6-5\n";
    auto v = verdict_of(text);
    EXPECT_TRUE(lists(v, "hand 3: who poses (the record starts after hand 1)"))
        << test::describe(v);
    EXPECT_FALSE(lists(v, "hand 4: who poses (the record starts after hand 1)"))
        << test::describe(v);
    EXPECT_TRUE(lists(v, "hand 4: who poses (hand 3's outcome is not shown)")) << test::describe(v);
}

// A score line after a broken hand makes the score known again, and the
// match is taken on from it: here D's win left BD 1 (no reset), so BD
// poses hand 4, whatever the stale score before it would have said.
TEST(ErrorsBreak, AScoreLineAfterABrokenHandGivesTheNextPoser) {
    const std::string text =
        "[Rules \"jamaican\"]\n[Players \"P, Q, R, S\"]\n\n"
        "hand 1\nend domino A\nscore AC 1 BD 0\n\n"
        "hand 2\nA:6-6 B:6-6\nend domino B\nscore AC 0 BD 1\n\n"
        "hand 3\nend domino D\nscore AC 0 BD 1\n\n"
        "hand 4\nB:6-6\n";
    EXPECT_EQ(errors_of(text), (Errors{{9, "not-in-hand"}}));
    // AC may not pose it.
    std::string wrong = text;
    wrong.replace(wrong.rfind("B:6-6"), 5, "A:6-6");
    EXPECT_EQ(errors_of(wrong), (Errors{{9, "not-in-hand"}, {18, "wrong-pose"}}));
}
