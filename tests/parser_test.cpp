// Tests of the DGN 1 parser: conformance files, positions, every ply form,
// every syntax error and its place, recovery, record splitting (also apart
// from parsing), the whole-line fast paths against the general path, and
// garbage.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "gen/generate.hpp"
#include "parser/parser.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using parser::parse_record;
using parser::RecordReader;
using test::slurp;

std::string errors_of(const ast::Record& r) {
    std::string out;
    for (const auto& e : r.errors)
        out += std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + ": " + e.message +
               "\n";
    return out;
}

ast::Record parse_ok(std::string_view text) {
    auto r = parse_record(text);
    EXPECT_TRUE(r.errors.empty()) << errors_of(r);
    return r;
}

// The one error of a text, as "line:col: message".
std::string one_error(std::string_view text) {
    const auto r = parse_record(text);
    EXPECT_EQ(r.errors.size(), 1u) << errors_of(r);
    return r.errors.empty() ? std::string() : errors_of(r).substr(0, errors_of(r).size() - 1);
}

ast::Pos at(std::uint32_t line, std::uint32_t column) {
    return {line, column};
}

std::vector<ast::Record> read_all(const std::string& text) {
    std::istringstream in(text);
    RecordReader reader(in);
    std::vector<ast::Record> out;
    ast::Record r;
    while (reader.next(r)) out.push_back(std::move(r));
    return out;
}

const std::string kHead = "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\n";

bool sorted(const ast::Record& r) {
    return std::is_sorted(r.errors.begin(), r.errors.end(),
                          [](const auto& a, const auto& b) { return a.pos < b.pos; });
}

// ---------------------------------------------------------------------------
// Conformance files

std::filesystem::path conformance_dir() {
    return std::filesystem::path(PIPS_SOURCE_DIR) / ".." / "shared" / "conformance";
}

// file -> expected first error line, for the syntax cases of expected.jsonl.
std::map<std::string, std::uint32_t> expected_syntax_lines(const std::filesystem::path& dir) {
    std::map<std::string, std::uint32_t> out;
    std::ifstream in(dir / "expected.jsonl");
    std::string line;
    while (std::getline(in, line)) {
        if (line.find("\"code\": \"syntax\"") == std::string::npos) continue;
        const auto f = line.find("\"file\": \"") + 9;
        const auto name = line.substr(f, line.find('"', f) - f);
        const auto l = line.find("\"line\": ") + 8;
        out[name] = static_cast<std::uint32_t>(std::stoul(line.substr(l)));
    }
    return out;
}

TEST(Conformance, EveryFileParsesAndSyntaxErrorsSitOnTheirLine) {
    const auto dir = conformance_dir();
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no conformance suite at " << dir;
    const auto syntax = expected_syntax_lines(dir);
    EXPECT_EQ(syntax.size(), 3u);
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".dgn") continue;
        ++files;
        const auto name = entry.path().filename().string();
        SCOPED_TRACE(name);
        const std::string text = slurp(entry.path());

        std::ifstream in(entry.path(), std::ios::binary);
        RecordReader reader(in);
        ast::Record rec;
        ASSERT_TRUE(reader.next(rec));
        EXPECT_EQ(rec.source, text);
        EXPECT_EQ(reader.bytes_read(), text.size());
        ast::Record extra;
        EXPECT_FALSE(reader.next(extra)) << "one record per file";
        EXPECT_TRUE(sorted(rec));

        const auto it = syntax.find(name);
        if (it == syntax.end()) {
            EXPECT_TRUE(rec.errors.empty()) << errors_of(rec);
            EXPECT_FALSE(rec.hands.empty());
            EXPECT_FALSE(rec.tags.empty());
        } else {
            ASSERT_FALSE(rec.errors.empty());
            EXPECT_EQ(rec.errors.front().pos.line, it->second) << errors_of(rec);
        }
        // parse_record on the whole text agrees with the reader.
        EXPECT_EQ(errors_of(parse_record(text)), errors_of(rec));
    }
    EXPECT_GT(files, 100);
}

TEST(Conformance, AllFilesConcatenatedSplitIntoOneRecordEach) {
    const auto dir = conformance_dir();
    if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no conformance suite at " << dir;
    std::vector<std::string> texts;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".dgn") texts.push_back(slurp(entry.path()));
    std::sort(texts.begin(), texts.end());
    std::string all;
    for (const auto& t : texts) all += t;
    const auto records = read_all(all);
    ASSERT_EQ(records.size(), texts.size());
    std::uint32_t line = 1;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        EXPECT_EQ(records[i].source, texts[i]);
        EXPECT_EQ(records[i].first_line, line);
        line += static_cast<std::uint32_t>(std::count(texts[i].begin(), texts[i].end(), '\n'));
    }
}

// ---------------------------------------------------------------------------
// A whole record

TEST(Record, SpecExample) {
    const auto r = parse_ok(
        "; Kingston Open, table 4\n"
        "[Event \"Kingston Open\"]\n"
        "[Date \"2026.11.21\"]\n"
        "[Rules \"jamaican\"]\n"
        "[Players \"Marcus, Desmond, Andre, Kevin\"]\n"
        "[Result \"AC\"]\n"
        "\n"
        "hand 1\n"
        "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\n"
        "deal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
        "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\n"
        "deal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
        "A:6-6 B:6-4R C:6-3L D:4-1R A:6-1R\n"
        "end domino C\n"
        "points AC 1\n"
        "score AC 1 BD 0\n"
        "\n"
        "hand 2\n");
    ASSERT_EQ(r.tags.size(), 5u);
    EXPECT_EQ(r.tags[3].name, "Players");
    EXPECT_EQ(r.tags[3].value, "Marcus, Desmond, Andre, Kevin");
    EXPECT_EQ(r.find_tag("Result")->value, "AC");
    EXPECT_EQ(r.pos, at(2, 1));
    EXPECT_EQ(r.first_line, 1u);
    ASSERT_EQ(r.leading_comments.size(), 1u);
    EXPECT_EQ(r.leading_comments[0], " Kingston Open, table 4");
    ASSERT_EQ(r.hands.size(), 2u);
    const auto& h = r.hands[0];
    EXPECT_EQ(h.number, 1);
    EXPECT_EQ(h.pos, at(8, 1));
    EXPECT_EQ(h.number_pos, at(8, 6));
    ASSERT_EQ(h.deals.size(), 4u);
    EXPECT_EQ(h.deals[2].seat, 2);
    EXPECT_EQ(h.deals[2].pos, at(11, 1));
    EXPECT_EQ(h.deals[2].seat_pos, at(11, 6));
    ASSERT_EQ(h.deals[2].tiles.size(), 7u);
    EXPECT_EQ(h.deals[2].tiles[6].a, 1);
    EXPECT_EQ(h.deals[2].tiles[6].b, 5);
    EXPECT_EQ(h.deals[2].tiles[6].pos, at(11, 32));
    ASSERT_EQ(h.plies.size(), 5u);
    EXPECT_EQ(h.plies[1].seat, 1);
    EXPECT_EQ(h.plies[1].end, ast::EndLetter::R);
    EXPECT_EQ(h.plies[1].pos, at(13, 7));
    EXPECT_EQ(h.plies[1].seat_pos, at(13, 7));
    EXPECT_EQ(h.plies[1].action_pos, at(13, 9));
    ASSERT_TRUE(h.end);
    EXPECT_EQ(h.end->kind, ast::EndLine::Kind::domino);
    EXPECT_EQ(h.end->who, ast::Who::C);
    EXPECT_EQ(h.end->who_pos, at(14, 12));
    ASSERT_TRUE(h.points);
    ASSERT_EQ(h.points->items.size(), 1u);
    EXPECT_EQ(h.points->items[0].who, ast::Who::AC);
    EXPECT_EQ(h.points->items[0].value, 1);
    ASSERT_TRUE(h.score);
    ASSERT_EQ(h.score->items.size(), 2u);
    EXPECT_EQ(h.score->items[1].who, ast::Who::BD);
    EXPECT_EQ(h.score->items[1].pos, at(16, 12));
    EXPECT_EQ(h.score->items[1].value_pos, at(16, 15));
    EXPECT_EQ(r.hands[1].number, 2);
    EXPECT_TRUE(r.hands[1].plies.empty());  // an unfinished last hand is fine for the parser
}

TEST(Record, TagEscapesAndUtf8Values) {
    const auto r = parse_ok(
        "[Event \"say \\\"hi\\\" \\\\ {not a comment} ; nor this\"]\n"
        "[Site \"Montréal\"]  ; trailing comment\n"
        "[A \"1\"] [B \"2\"]\n"
        "[ Round  \"3\" ]\n");
    ASSERT_EQ(r.tags.size(), 5u);
    EXPECT_EQ(r.tags[0].value, "say \"hi\" \\ {not a comment} ; nor this");
    EXPECT_EQ(r.tags[0].pos, at(1, 1));
    EXPECT_EQ(r.tags[0].value_pos, at(1, 8));
    EXPECT_EQ(r.tags[1].value, "Montréal");
    EXPECT_EQ(r.tags[3].name, "B");
    EXPECT_EQ(r.tags[3].pos, at(3, 9));
    EXPECT_EQ(r.tags[4].name, "Round");
    EXPECT_EQ(r.tags[4].value_pos, at(4, 10));
    EXPECT_TRUE(r.hands.empty());  // a record of 0 hands
}

TEST(Record, SetupLinesAndRounds) {
    const auto r = parse_ok(kHead +
                            "deal A 1-1 2-2\n"
                            "stock 0-0 0-1\n"
                            "redeal C\n"
                            "deal A 3-3\n"
                            "deal B\n"
                            "stock 6-6\n"
                            "A:3-3\n"
                            "remain B 1-2 4-5\n"
                            "remain C\n"
                            "end block AC\n"
                            "score A 3 B 0 C 12 D 999999999\n");
    const auto& h = r.hands[0];
    ASSERT_EQ(h.deals.size(), 3u);
    EXPECT_EQ(h.deals[0].round, 0);
    EXPECT_EQ(h.deals[1].round, 1);
    EXPECT_EQ(h.deals[2].round, 1);
    EXPECT_TRUE(h.deals[2].tiles.empty());
    ASSERT_EQ(h.stocks.size(), 2u);
    EXPECT_EQ(h.stocks[0].round, 0);
    EXPECT_EQ(h.stocks[1].round, 1);
    EXPECT_EQ(h.stocks[0].tiles[1].pos, at(5, 11));
    ASSERT_EQ(h.redeals.size(), 1u);
    EXPECT_EQ(h.redeals[0].seat, 2);
    EXPECT_EQ(h.redeals[0].pos, at(6, 1));
    EXPECT_EQ(h.redeals[0].seat_pos, at(6, 8));
    ASSERT_EQ(h.remains.size(), 2u);
    EXPECT_EQ(h.remains[0].seat, 1);
    EXPECT_EQ(h.remains[0].tiles.size(), 2u);
    EXPECT_EQ(h.remains[0].round, 0);
    EXPECT_EQ(h.end->kind, ast::EndLine::Kind::block);
    EXPECT_EQ(h.end->who, ast::Who::AC);
    EXPECT_FALSE(h.points);
    ASSERT_EQ(h.score->items.size(), 4u);
    EXPECT_EQ(h.score->items[3].value, 999999999);
}

TEST(Record, EndKinds) {
    const auto r = parse_ok(kHead + "end tie\nhand 2\nend target\nhand 3\nend block\n");
    ASSERT_EQ(r.hands.size(), 3u);
    EXPECT_EQ(r.hands[0].end->kind, ast::EndLine::Kind::tie);
    EXPECT_FALSE(r.hands[0].end->who);
    EXPECT_EQ(r.hands[1].end->kind, ast::EndLine::Kind::target);
    EXPECT_EQ(r.hands[2].end->kind, ast::EndLine::Kind::block);
}

TEST(Record, FirstHandMayStartLater) {
    const auto r = parse_ok("[Rules \"jamaican\"]\nhand 7\nhand 8\n");
    EXPECT_EQ(r.hands[0].number, 7);
    EXPECT_EQ(r.hands[1].number, 8);
}

TEST(Record, NoTagsPosIsFirstToken) {
    const auto r = parse_ok("; only a comment\n\n  hand 1\n");
    EXPECT_EQ(r.pos, at(3, 3));
    EXPECT_EQ(r.leading_comments.size(), 1u);
    const auto empty = parse_record("", 5);
    EXPECT_EQ(empty.pos, at(5, 1));
    EXPECT_TRUE(empty.errors.empty());
}

TEST(Record, FirstLineOffsetsAllPositions) {
    const auto r = parse_record(kHead + "A:6-7\n", 100);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].pos, at(103, 3));
    EXPECT_EQ(r.tags[0].pos, at(100, 1));
    EXPECT_EQ(r.hands[0].pos, at(102, 1));
}

// ---------------------------------------------------------------------------
// Positions

TEST(Positions, ColumnsCountCodePointsAndTabs) {
    // `é` is two bytes, `€` three, `😀` four: one column each. A tab is one.
    const auto r = parse_ok(kHead + "{é€😀} A:6-6\n\tB:6-5R\t{x}\tC:5-5L\n");
    const auto& p = r.hands[0].plies;
    ASSERT_EQ(p.size(), 3u);
    EXPECT_EQ(p[0].pos, at(4, 7));
    EXPECT_EQ(p[0].action_pos, at(4, 9));
    EXPECT_EQ(p[0].tile.pos, at(4, 9));
    EXPECT_EQ(p[1].pos, at(5, 2));
    EXPECT_EQ(p[2].pos, at(5, 13));
}

TEST(Positions, ErrorAfterMultiByteCharacter) {
    EXPECT_EQ(one_error(kHead + "{Ça va} A:6-6 B:9-9\n"),
              "4:17: expected a tile with pips 0 to 6, found '9-9'");
}

TEST(Positions, MultiLineBraceCommentMovesLines) {
    const auto r = parse_ok(kHead + "A:6-6 {one\ntwo\nthree} B:6-5R\n");
    const auto& p = r.hands[0].plies;
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[1].pos, at(6, 8));
    const auto c = r.hands[0].comments_of(p[0]);
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].text, "one\ntwo\nthree");
    EXPECT_EQ(c[0].pos, at(4, 7));
}

TEST(Positions, ByteOrderMarkIsSkippedOnLineOne) {
    const auto r = parse_ok("\xEF\xBB\xBF[Rules \"jamaican\"]\n");
    EXPECT_EQ(r.tags[0].pos, at(1, 1));
}

TEST(Positions, Crlf) {
    const std::string lf = kHead + "deal A 6-6 5-5\nA:6-6 {c}\nB: draw\n6-5R +2\nend block\n";
    std::string crlf;
    for (char c : lf) {
        if (c == '\n') crlf += '\r';
        crlf += c;
    }
    const auto a = parse_ok(lf);
    const auto b = parse_ok(crlf);
    EXPECT_EQ(b.tags[0].value, "jamaican");
    ASSERT_EQ(a.hands[0].plies.size(), b.hands[0].plies.size());
    for (std::size_t i = 0; i < a.hands[0].plies.size(); ++i) {
        EXPECT_EQ(a.hands[0].plies[i].pos, b.hands[0].plies[i].pos);
        EXPECT_EQ(a.hands[0].plies[i].claim, b.hands[0].plies[i].claim);
    }
    EXPECT_EQ(b.hands[0].deals[0].tiles.size(), 2u);
    EXPECT_EQ(b.hands[0].comments_of(b.hands[0].plies[0])[0].text, "c");
    EXPECT_EQ(b.hands[0].end->kind, ast::EndLine::Kind::block);
    // An error at the end of a CRLF line points after the last character, not at the CR.
    EXPECT_EQ(one_error(kHead + "deal\r\n"), "4:5: expected a seat (A-D), found end of line");
    // CRLF inside a comment reads as LF.
    const auto c = parse_ok(kHead + "A:6-6 {a\r\nb}\r\n");
    EXPECT_EQ(c.hands[0].comments_of(c.hands[0].plies[0])[0].text, "a\nb");
}

// ---------------------------------------------------------------------------
// Ply forms

// The one ply of a one-hand record.
ast::Ply only_ply(const ast::Record& r) {
    EXPECT_EQ(r.hands.size(), 1u);
    EXPECT_EQ(r.hands.at(0).plies.size(), 1u);
    return r.hands.at(0).plies.at(0);
}

TEST(Plies, PlayWithSeat) {
    const auto r = parse_ok(kHead + "A:6-5\n");
    const auto p = only_ply(r);
    EXPECT_EQ(p.seat, 0);
    EXPECT_EQ(p.kind, ast::Ply::Kind::play);
    EXPECT_EQ(p.tile.a, 6);
    EXPECT_EQ(p.tile.b, 5);
    EXPECT_EQ(p.end, ast::EndLetter::none);
    EXPECT_FALSE(p.claim);
    EXPECT_EQ(p.extra, 0u);
    EXPECT_FALSE(p.knock);
}

TEST(Plies, PlayWithoutSeatKeepsWrittenOrder) {
    const auto p = only_ply(parse_ok(kHead + "3-5\n"));
    EXPECT_FALSE(p.seat);
    EXPECT_EQ(p.tile.a, 3);
    EXPECT_EQ(p.tile.b, 5);
    EXPECT_EQ(p.pos, at(4, 1));
    EXPECT_EQ(p.action_pos, at(4, 1));
}

TEST(Plies, SeatLabelThenSpace) {
    const auto p = only_ply(parse_ok(kHead + "D:  0-0L\n"));
    EXPECT_EQ(p.seat, 3);
    EXPECT_EQ(p.pos, at(4, 1));
    EXPECT_EQ(p.action_pos, at(4, 5));
    EXPECT_EQ(p.end, ast::EndLetter::L);
}

TEST(Plies, EveryEndLetter) {
    const auto r = parse_ok(kHead + "1-1L 1-2R 2-2N 2-3E 3-3S 3-4W\n");
    const auto& p = r.hands[0].plies;
    ASSERT_EQ(p.size(), 6u);
    const ast::EndLetter want[] = {ast::EndLetter::L, ast::EndLetter::R, ast::EndLetter::N,
                                   ast::EndLetter::E, ast::EndLetter::S, ast::EndLetter::W};
    for (int i = 0; i < 6; ++i) EXPECT_EQ(p[i].end, want[i]);
}

TEST(Plies, ClaimAttached) {
    const auto p = only_ply(parse_ok(kHead + "B:5-5R+2\n"));
    EXPECT_EQ(p.claim, 2);
    EXPECT_EQ(p.claim_pos, at(4, 7));
    EXPECT_EQ(p.end, ast::EndLetter::R);
    const auto q = only_ply(parse_ok(kHead + "5-5+10\n"));
    EXPECT_EQ(q.claim, 10);
    EXPECT_EQ(q.claim_pos, at(4, 4));
}

TEST(Plies, ClaimApartEvenOnNextLine) {
    const auto r = parse_ok(kHead + "A:5-5 +2 B:5-0L\n+0\n");
    const auto& p = r.hands[0].plies;
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0].claim, 2);
    EXPECT_EQ(p[0].claim_pos, at(4, 7));
    EXPECT_EQ(p[1].claim, 0);
    EXPECT_EQ(p[1].claim_pos, at(5, 1));
}

TEST(Plies, PassAndKnock) {
    const auto r = parse_ok(kHead + "A:pass knock\n");
    const auto& p = r.hands[0].plies;
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0].kind, ast::Ply::Kind::pass);
    EXPECT_FALSE(p[0].knock);
    EXPECT_EQ(p[0].action_pos, at(4, 3));
    EXPECT_EQ(p[1].kind, ast::Ply::Kind::pass);
    EXPECT_TRUE(p[1].knock);
    EXPECT_FALSE(p[1].seat);
}

TEST(Plies, DrawsThenPlayOrPass) {
    const auto r = parse_ok(kHead + "B: draw draw 2-4R A:draw\ndraw\npass C:draw pass\n");
    const auto& p = r.hands[0].plies;
    const auto pre = [&](std::size_t k) { return r.hands[0].pre_of(p[k]); };
    ASSERT_EQ(p.size(), 3u);
    ASSERT_EQ(pre(0).size(), 2u);
    EXPECT_EQ(pre(0)[0].kind, ast::PreAction::Kind::draw);
    EXPECT_EQ(pre(0)[0].pos, at(4, 4));
    EXPECT_EQ(pre(0)[1].pos, at(4, 9));
    EXPECT_EQ(p[0].action_pos, at(4, 14));
    EXPECT_EQ(p[0].end, ast::EndLetter::R);
    ASSERT_EQ(pre(1).size(), 2u);  // a ply may run over lines
    EXPECT_EQ(pre(1)[1].pos, at(5, 1));
    EXPECT_EQ(p[1].kind, ast::Ply::Kind::pass);
    EXPECT_EQ(p[1].action_pos, at(6, 1));
    EXPECT_EQ(p[2].seat, 2);
    EXPECT_EQ(pre(2).size(), 1u);
}

TEST(Plies, Fouls) {
    const auto r = parse_ok(kHead + "C: foul 3-4 pass D:foul 6-3 foul 1-2 5-0W\n");
    const auto& p = r.hands[0].plies;
    const auto pre = [&](std::size_t k) { return r.hands[0].pre_of(p[k]); };
    ASSERT_EQ(p.size(), 2u);
    ASSERT_EQ(pre(0).size(), 1u);
    EXPECT_EQ(pre(0)[0].kind, ast::PreAction::Kind::foul);
    EXPECT_EQ(pre(0)[0].pos, at(4, 4));
    EXPECT_EQ(pre(0)[0].tile.a, 3);
    EXPECT_EQ(pre(0)[0].tile.b, 4);
    EXPECT_EQ(pre(0)[0].tile.pos, at(4, 9));
    EXPECT_EQ(p[0].kind, ast::Ply::Kind::pass);
    ASSERT_EQ(pre(1).size(), 2u);
    EXPECT_EQ(pre(1)[1].tile.a, 1);
    EXPECT_EQ(p[1].tile.a, 5);
    EXPECT_EQ(p[1].end, ast::EndLetter::W);
}

TEST(Plies, DrawAndFoulMixed) {
    const auto r = parse_ok(kHead + "A:draw foul 1-1 draw 2-2\n");
    const auto p = only_ply(r);
    const auto pre = r.hands[0].pre_of(p);
    ASSERT_EQ(pre.size(), 3u);
    EXPECT_EQ(pre[0].kind, ast::PreAction::Kind::draw);
    EXPECT_EQ(pre[1].kind, ast::PreAction::Kind::foul);
    EXPECT_EQ(pre[2].kind, ast::PreAction::Kind::draw);
    EXPECT_EQ(p.kind, ast::Ply::Kind::play);
}

TEST(Plies, CommentsAttach) {
    const auto r = parse_ok(
        "[Rules \"x\"] {dropped}\n{dropped too}\n"
        "hand 1 {hand}\n"
        "deal A 1-1 {deal line}\n"
        "A:6-6 {after A} {again} B:draw {inside B} 6-5R\n"
        "{next line, still after B}\n"
        "end block {end line}\n");
    const auto& h = r.hands[0];
    ASSERT_EQ(h.comments.size(), 3u);
    EXPECT_EQ(h.comments[0].text, "hand");
    EXPECT_EQ(h.comments[1].text, "deal line");
    EXPECT_EQ(h.comments[2].text, "end line");
    EXPECT_EQ(h.comments[2].pos, at(7, 11));
    ASSERT_EQ(h.plies.size(), 2u);
    ASSERT_EQ(h.comments_of(h.plies[0]).size(), 2u);
    EXPECT_EQ(h.comments_of(h.plies[0])[1].text, "again");
    ASSERT_EQ(h.comments_of(h.plies[1]).size(), 2u);
    EXPECT_EQ(h.comments_of(h.plies[1])[0].text, "inside B");
    EXPECT_EQ(h.comments_of(h.plies[1])[1].text, "next line, still after B");
    // Draws and comments of one ply are kept together, apart from the plies.
    ASSERT_EQ(h.pre_of(h.plies[1]).size(), 1u);
    EXPECT_EQ(h.extras.size(), 2u);
}

TEST(Plies, CommentsAndNonAsciiInsideCommentsAreFine) {
    const auto r = parse_ok(kHead + "A:6-6 ; ça, naïve – ok \x01\n{€ and \x7f}\n");
    EXPECT_EQ(r.hands[0].plies.size(), 1u);
}

// ---------------------------------------------------------------------------
// Syntax errors, each at its place

TEST(Errors, TileWithSeven) {
    EXPECT_EQ(one_error(kHead + "A:6-6 B:6-7R\n"),
              "4:9: expected a tile with pips 0 to 6, found '6-7R'");
    EXPECT_EQ(one_error(kHead + "deal A 6-6 7-1\n"),
              "4:12: expected a tile with pips 0 to 6, found '7-1'");
    EXPECT_EQ(one_error(kHead + "C:foul 3-8 pass\n"),
              "4:8: expected a tile with pips 0 to 6 after 'foul', found '3-8'");
}

TEST(Errors, UnknownWord) {
    EXPECT_EQ(one_error(kHead + "A:6-6 B:skip\n"),
              "4:9: expected a tile, pass, knock, draw or foul, found 'skip'");
    EXPECT_EQ(one_error(kHead + "A:6-6 passed\n"),
              "4:7: expected a tile, pass, knock, draw or foul, found 'passed'");
    EXPECT_EQ(one_error(kHead + "A:6-6 6-6 R\n"),
              "4:11: expected a tile, pass, knock, draw or foul, found 'R'");
    EXPECT_EQ(one_error(kHead + "E:6-6\n"),
              "4:1: expected a tile, pass, knock, draw or foul, found 'E:6-6'");
}

TEST(Errors, LongWordIsCutInMessage) {
    EXPECT_EQ(one_error(kHead + "abcdefghijklmnopqrstuvwxyz\n"),
              "4:1: expected a tile, pass, knock, draw or foul, found 'abcdefghijklmnopqrst...'");
}

TEST(Errors, BadEndLetterAndJunkAfterTile) {
    EXPECT_EQ(one_error(kHead + "A:6-6X\n"),
              "4:6: expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found 'X'");
    EXPECT_EQ(one_error(kHead + "A:6-6B:5-5\n"),
              "4:6: expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
              "'B:5-5'");
    EXPECT_EQ(one_error(kHead + "A:6-6+\n"),
              "4:6: expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found '+'");
}

TEST(Errors, MisplacedClaim) {
    EXPECT_EQ(one_error(kHead + "A:pass +2\n"),
              "4:8: expected a tile, pass, knock, draw or foul, found '+2' (a '+N' claim follows "
              "a play that has none)");
    EXPECT_EQ(one_error(kHead + "A:5-5+1 +2\n"),
              "4:9: expected a tile, pass, knock, draw or foul, found '+2' (a '+N' claim follows "
              "a play that has none)");
    EXPECT_EQ(one_error(kHead + "A:5-5 +x\n"),
              "4:7: expected a claim '+N' with a number of at most 9 digits, found '+x'");
}

TEST(Errors, PlyWithoutPlayOrPass) {
    EXPECT_EQ(one_error(kHead + "A:draw B:6-6\n"),
              "4:8: expected a tile, pass, knock, draw or foul to end the ply, found 'B:6-6'");
    EXPECT_EQ(one_error(kHead + "A:6-6 B:\nC:5-5\n"),
              "5:1: expected a tile, pass, knock, draw or foul to end the ply, found 'C:5-5'");
    EXPECT_EQ(one_error(kHead + "A:draw draw\nend block\n"),
              "5:1: expected a tile, pass, knock, draw or foul to end the ply, found 'end'");
    EXPECT_EQ(one_error(kHead + "A:draw"),
              "4:7: expected a tile, pass, knock, draw or foul to end the ply, found end of "
              "input");
    EXPECT_EQ(one_error(kHead + "A:foul B:pass\n"),
              "4:8: expected a tile after 'foul', found 'B:pass'");
    EXPECT_EQ(one_error(kHead + "A:foul\nhand 2\n"),
              "5:1: expected a tile after 'foul', found 'hand'");
    // a broken ply before a setup line out of order: one error, not two
    EXPECT_EQ(one_error(kHead + "A:draw\ndeal A 1-1\n"),
              "5:1: expected a tile, pass, knock, draw or foul to end the ply, found 'deal'");
    // the next ply is still read
    const auto r = parse_record(kHead + "A:draw B:6-6\n");
    ASSERT_EQ(r.hands[0].plies.size(), 1u);
    EXPECT_EQ(r.hands[0].plies[0].seat, 1);
}

TEST(Errors, LineKeywordInsideAPlyLine) {
    const auto r = parse_record(kHead + "A:6-6 end block\n");
    ASSERT_EQ(r.errors.size(), 2u) << errors_of(r);
    EXPECT_EQ(r.errors[0].pos, at(4, 7));
    EXPECT_EQ(r.errors[0].message,
              "expected a tile, pass, knock, draw or foul, found 'end' (end lines start on a new "
              "line)");
    EXPECT_EQ(r.errors[1].pos, at(4, 11));
}

TEST(Errors, UnclosedTagValue) {
    EXPECT_EQ(one_error("[Rules \"jamaican\"]\n[Event \"Friday league ; ERR\nhand 1\n"),
              "2:8: expected '\"' closing the tag value, found end of line (tag pairs are one "
              "line)");
}

TEST(Errors, TagShapes) {
    EXPECT_EQ(one_error("[Event \"x\"\n"),
              "1:11: expected ']' after the tag value, found end of line");
    EXPECT_EQ(one_error("[Event \"x\" y]\n"), "1:12: expected ']' after the tag value, found 'y]'");
    EXPECT_EQ(one_error("[Event x]\n"), "1:8: expected a quoted tag value, found 'x]'");
    EXPECT_EQ(one_error("[\"x\"]\n"), "1:2: expected a tag name, found '\"x\"]'");
    EXPECT_EQ(one_error("[Event \"a\\nb\"]\n"),
              "1:10: expected '\\\"' or '\\\\' after a backslash in a tag value, found '\\n'");
    EXPECT_EQ(one_error(std::string("[Event \"a\0b\"]\n", 14)),
              "1:10: expected a printable character in the tag value, found '\\x00'");
    EXPECT_EQ(one_error("[Event \"x\"] extra\n"), "1:13: expected end of line, found 'extra'");
    EXPECT_EQ(one_error("[Event \"x\"]\nhand 1\n[Site \"y\"]\n"),
              "3:1: expected a game line, found a tag pair (tag pairs come before the first hand "
              "of a record)");
}

TEST(Errors, UnclosedBraceComment) {
    const auto r = parse_record(kHead + "A:6-6 {never closed\nB:6-5R\n[Event \"x\"]\n");
    ASSERT_EQ(r.errors.size(), 1u) << errors_of(r);
    EXPECT_EQ(r.errors[0].pos, at(4, 7));
    EXPECT_EQ(r.errors[0].message, "expected '}' closing this brace comment, found end of input");
    EXPECT_EQ(r.hands[0].plies.size(), 1u);
    EXPECT_EQ(one_error(kHead + "A:draw {x"),
              "4:8: expected '}' closing this brace comment, found end of input");
}

TEST(Errors, StrayBraceAndBracket) {
    EXPECT_EQ(one_error(kHead + "A:6-6 }\n"),
              "4:7: expected a tile, pass, knock, draw or foul, found '}'");
    EXPECT_EQ(one_error(kHead + "A:6-6 [x]\n"),
              "4:7: expected a tile, pass, knock, draw or foul, found '[x]'");
}

TEST(Errors, BadWho) {
    EXPECT_EQ(one_error(kHead + "points AB 3\n"),
              "4:8: expected a seat or side (A, B, C, D, AC, BD), found 'AB'");
    EXPECT_EQ(one_error(kHead + "score AC 3 E 1\n"),
              "4:12: expected a seat or side (A, B, C, D, AC, BD) or end of line, found 'E'");
    EXPECT_EQ(one_error(kHead + "end block CA\n"),
              "4:11: expected a seat or side (A, B, C, D, AC, BD) or end of line, found 'CA'");
    EXPECT_EQ(one_error(kHead + "end block AC BD\n"), "4:14: expected end of line, found 'BD'");
    EXPECT_EQ(one_error(kHead + "points\n"),
              "4:7: expected a seat or side (A, B, C, D, AC, BD), found end of line");
}

TEST(Errors, BadSeatAndKind) {
    EXPECT_EQ(one_error(kHead + "deal E 6-6\n"), "4:6: expected a seat (A-D), found 'E'");
    EXPECT_EQ(one_error(kHead + "deal A: 6-6\n"), "4:6: expected a seat (A-D), found 'A:'");
    EXPECT_EQ(one_error(kHead + "redeal\n"), "4:7: expected a seat (A-D), found end of line");
    EXPECT_EQ(one_error(kHead + "remain a 1-1\n"),
              "4:8: expected a seat (A-D), found 'a'; did you mean 'A'?");
    // Lower case that names no seat in upper case either: no suggestion.
    EXPECT_EQ(one_error(kHead + "remain e 1-1\n"), "4:8: expected a seat (A-D), found 'e'");
    EXPECT_EQ(one_error(kHead + "end blocked\n"),
              "4:5: expected domino, block, tie or target, found 'blocked'");
    EXPECT_EQ(one_error(kHead + "deal A 6-6R\n"), "4:8: expected a tile, found '6-6R'");
}

TEST(Errors, Numbers) {
    const std::string big(30, '9');
    EXPECT_EQ(one_error(kHead + "points AC " + big + "\n"),
              "4:11: expected a number (at most 9 digits), found '99999999999999999999...'");
    EXPECT_EQ(one_error(kHead + "points AC 1234567890\n"),
              "4:11: expected a number (at most 9 digits), found '1234567890'");
    EXPECT_EQ(one_error(kHead + "points AC\n"),
              "4:10: expected a number (at most 9 digits), found end of line");
    EXPECT_EQ(one_error(kHead + "points AC -1\n"),
              "4:11: expected a number (at most 9 digits), found '-1'");
    EXPECT_EQ(one_error(kHead + "A:5-5 +" + big + "\n"),
              "4:7: expected a claim '+N' with a number of at most 9 digits, found "
              "'+9999999999999999999...'");
    EXPECT_EQ(one_error("hand " + big + "\n"),
              "1:6: expected a hand number (at most 9 digits), found '99999999999999999999...'");
}

TEST(Errors, HandNumbers) {
    EXPECT_EQ(one_error(kHead + "hand 3\n"),
              "4:6: expected hand number 2 (hands count on by one), found '3'");
    EXPECT_EQ(one_error(kHead + "hand 1\n"),
              "4:6: expected hand number 2 (hands count on by one), found '1'");
    EXPECT_EQ(one_error("hand 0\n"), "1:6: expected a hand number of at least 1, found '0'");
    EXPECT_EQ(one_error("hand\n"), "1:5: expected a hand number, found end of line");
    EXPECT_EQ(one_error("hand 1 2\n"), "1:8: expected end of line, found '2'");
    // A gap is one error: the count goes on from the number written.
    EXPECT_EQ(one_error(kHead + "hand 5\nhand 6\n"),
              "4:6: expected hand number 2 (hands count on by one), found '5'");
    // After an unreadable number any next number is taken.
    EXPECT_EQ(one_error(kHead + "hand x\nhand 9\n"),
              "4:6: expected a hand number (at most 9 digits), found 'x'");
}

TEST(Errors, LineOrder) {
    EXPECT_EQ(one_error(kHead + "A:6-6\ndeal A 1-1\n"),
              "5:1: expected a ply or a remain, end, points, score or hand line, found 'deal' "
              "(deal, stock and redeal lines come before the plies)");
    EXPECT_EQ(one_error(kHead + "end block\nstock 1-1\n"),
              "5:1: expected a remain, end, points, score or hand line, found 'stock' (deal, "
              "stock and redeal lines come before the plies)");
    EXPECT_EQ(one_error(kHead + "remain B 1-1\nA:6-6\n"),
              "5:1: expected a remain, end, points, score or hand line, found 'A:6-6' (plies come "
              "before them)");
    EXPECT_EQ(one_error(kHead + "end block\nA:6-6\n"),
              "5:1: expected a remain, end, points, score or hand line, found 'A:6-6': plies of a "
              "new hand after hand 1's claims; missing 'hand 2'?");
    EXPECT_EQ(one_error(kHead + "end block\nend tie\n"),
              "5:1: expected one end line in a hand, found a second one");
    EXPECT_EQ(one_error(kHead + "score AC 1\npoints AC 1\nscore BD 2\n"),
              "6:1: expected one score line in a hand, found a second one");
    EXPECT_EQ(one_error("[Rules \"x\"]\ndeal A 1-1\n"),
              "2:1: expected a tag pair or a hand line, found 'deal': a deal line before the first "
              "hand line; missing 'hand 1'?");
    EXPECT_EQ(one_error("[Rules \"x\"]\nA:6-6\n"),
              "2:1: expected a tag pair or a hand line, found 'A:6-6': plies before the first hand "
              "line; missing 'hand 1'?");
    EXPECT_EQ(one_error("[Rules \"x\"]\nFirmado: ____\n"),
              "2:1: expected a tag pair or a hand line, found 'Firmado:'");
    // remain, end, points and score may come in any order after the plies
    parse_ok(kHead + "A:6-6\nscore AC 1\nend block\nremain B 1-1\npoints AC 1\nremain C\n");
}

TEST(Errors, BytesOutsideCommentsAndControls) {
    EXPECT_EQ(one_error(kHead + "A:6-6 ç\n"),
              "4:7: expected a tile, pass, knock, draw or foul, found 'ç'");
    EXPECT_EQ(one_error(kHead + "A:6-6\xC3\n"),
              "4:6: expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
              "'\\xc3'");
    EXPECT_EQ(one_error(kHead + "A:6-6 \xFF\xFE\n"),
              "4:7: expected a tile, pass, knock, draw or foul, found '\\xff\\xfe'");
    EXPECT_EQ(one_error(kHead + std::string("A:6-6 \0 B:pass\n", 15)),
              "4:7: expected a tile, pass, knock, draw or foul, found '\\x00'");
    EXPECT_EQ(one_error(kHead + "A:6-6\x0b B:pass\n"),
              "4:6: expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
              "'\\x0b'");
    EXPECT_EQ(one_error(kHead + "A:6-6 \r B:pass\n"),
              "4:7: expected a tile, pass, knock, draw or foul, found '\\r'");
    EXPECT_EQ(one_error("\xC2\xA0hand 1\n"),
              "1:1: expected a tag pair or a hand line, found '\xC2\xA0hand'");
    EXPECT_EQ(one_error(kHead + "A:6-6 \xE2\x80\x8B\n"),  // zero-width space
              "4:7: expected a tile, pass, knock, draw or foul, found '\xE2\x80\x8B'");
}

TEST(Errors, TrailingJunkOnLines) {
    EXPECT_EQ(one_error(kHead + "redeal A B\n"), "4:10: expected end of line, found 'B'");
    EXPECT_EQ(one_error(kHead + "end domino C now\n"), "4:14: expected end of line, found 'now'");
}

// ---------------------------------------------------------------------------
// Recovery

TEST(Recovery, TwoBadLinesTwoErrors) {
    const auto r = parse_record(kHead +
                                "deal X 1-1\n"
                                "deal A 1-1 9-9 2-2 0-7\n"
                                "A:6-6 B:skip C:5-5 D:6-8 A:pass\n"
                                "end sideways\n"
                                "points AC 1\n");
    EXPECT_EQ(errors_of(r),
              "4:6: expected a seat (A-D), found 'X'\n"
              "5:12: expected a tile with pips 0 to 6, found '9-9'\n"
              "5:20: expected a tile with pips 0 to 6, found '0-7'\n"
              "6:9: expected a tile, pass, knock, draw or foul, found 'skip'\n"
              "6:22: expected a tile with pips 0 to 6, found '6-8'\n"
              "7:5: expected domino, block, tie or target, found 'sideways'\n");
    const auto& h = r.hands[0];
    ASSERT_EQ(h.deals.size(), 1u);
    EXPECT_EQ(h.deals[0].tiles.size(), 2u);
    ASSERT_EQ(h.plies.size(), 3u);  // A, C and the last A; B and D broke
    EXPECT_EQ(h.plies[1].seat, 2);
    EXPECT_EQ(h.plies[2].kind, ast::Ply::Kind::pass);
    EXPECT_FALSE(h.end);
    ASSERT_TRUE(h.points);
    EXPECT_EQ(h.points->items[0].value, 1);
    EXPECT_TRUE(sorted(r));
}

TEST(Recovery, FollowingRecordStillParsed) {
    const std::string text = kHead + "A:6-7\nB:skip\n" + kHead + "A:6-6 B:6-5R\n";
    const auto records = read_all(text);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].errors.size(), 2u) << errors_of(records[0]);
    EXPECT_EQ(records[0].errors[1].pos, at(5, 3));
    EXPECT_TRUE(records[1].errors.empty()) << errors_of(records[1]);
    EXPECT_EQ(records[1].first_line, 6u);
    EXPECT_EQ(records[1].pos, at(6, 1));
    EXPECT_EQ(records[1].hands[0].plies.size(), 2u);
}

TEST(Recovery, ErrorsSortedEvenWhenFoundOutOfOrder) {
    const auto r = parse_record(kHead + "A:draw {x} {unclosed\n");
    EXPECT_TRUE(sorted(r));
    EXPECT_EQ(r.errors.size(), 1u) << errors_of(r);
}

TEST(Recovery, ErrorLimit) {
    std::string text = kHead;
    for (int i = 0; i < 5000; ++i) text += "x ";
    const auto r = parse_record(text);
    EXPECT_EQ(r.errors.size(), 1001u);
    EXPECT_EQ(r.errors.back().message, "too many syntax errors, giving up");
    EXPECT_TRUE(sorted(r));
}

// ---------------------------------------------------------------------------
// Record splitting

TEST(Reader, ThreeRecords) {
    const std::string one =
        "; first\n\n[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
        "A:6-6\n";
    // The blank and comment lines before a record's first tag are its heading.
    const std::string two =
        "\n; second {x}\n[Rules \"cutthroat\"]\n[Players \"a, b\"]\nhand 4\n"
        "A:1-1 {c\n[Not a tag: inside a comment]\n}\n";
    const std::string three = "  [Rules \"french\"]\r\n[Event \"{\"]\r\nhand 1\r\nA:0-0";
    const std::string text = one + two + three;
    std::istringstream in(text);
    RecordReader reader(in);
    ast::Record r;

    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.source, one);
    EXPECT_EQ(r.first_line, 1u);
    EXPECT_EQ(r.pos, at(3, 1));
    EXPECT_EQ(r.leading_comments, std::vector<std::string>{" first"});
    EXPECT_EQ(r.hands.size(), 1u);
    // read ahead: the heading and tag line that start record 2
    EXPECT_EQ(reader.bytes_read(), one.size() + two.find("[Players"));

    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.source, two);
    EXPECT_EQ(r.first_line, 8u);
    EXPECT_EQ(r.pos, at(10, 1));
    EXPECT_EQ(r.leading_comments, std::vector<std::string>{" second {x}"});
    EXPECT_TRUE(r.errors.empty()) << errors_of(r);
    EXPECT_EQ(r.hands[0].number, 4);
    ASSERT_EQ(r.hands[0].comments_of(r.hands[0].plies[0]).size(), 1u);

    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.source, three);
    EXPECT_EQ(r.first_line, 16u);
    EXPECT_EQ(r.pos, at(16, 3));
    EXPECT_TRUE(r.errors.empty()) << errors_of(r);
    EXPECT_EQ(r.tags[1].value, "{");
    EXPECT_EQ(r.hands[0].plies.size(), 1u);
    EXPECT_EQ(reader.bytes_read(), text.size());

    EXPECT_FALSE(reader.next(r));
    EXPECT_FALSE(reader.next(r));
}

TEST(Reader, TagsWithoutHandsStayTogetherAndHandsWithoutTagsToo) {
    const auto a = read_all("[A \"1\"]\n[B \"2\"]\n\n[C \"3\"]\nhand 1\n");
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].tags.size(), 3u);
    const auto b = read_all("hand 1\nA:6-6\n[Rules \"x\"]\n");
    ASSERT_EQ(b.size(), 2u);
    EXPECT_TRUE(b[0].tags.empty());
    EXPECT_EQ(b[0].pos, at(1, 1));
    EXPECT_TRUE(b[1].hands.empty());  // a record of 0 hands
    EXPECT_EQ(b[1].first_line, 3u);
}

TEST(Reader, OnlyLineInitialBracketsAndHandsCount) {
    // `hand` inside a ply line, `[` after a comment that ran over a line end:
    // neither counts, exactly as for the parser.
    const auto r = read_all("[A \"1\"]\nhand 1\nA:6-6 {x\ny} [B \"2\"]\n");
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].errors.size(), 2u) << errors_of(r[0]);
    const auto s = read_all("[A \"1\"]\nA:hand\n[B \"2\"]\n");
    ASSERT_EQ(s.size(), 1u);
    const auto t = read_all("[A \"1\"]\n{c} hand 1 ; x\n\t{c} [B \"2\"]\n");
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[1].first_line, 3u);
    EXPECT_EQ(t[1].pos, at(3, 6));
}

TEST(Reader, CommentLinesGoWithTheRecordTheyHead) {
    // Between two records: with the next one. Inside a hand: where they are.
    // At the end: with the last one.
    const std::string one = "[A \"1\"]\nhand 1\n; inside\n\nA:6-6\n";
    const std::string two = "\n{ heading }\n; heading\n[B \"2\"]\nhand 1\n\n; trailing\n";
    const auto r = read_all(one + two);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].source, one);
    EXPECT_EQ(r[1].source, two);
    EXPECT_EQ(r[1].first_line, 6u);
    EXPECT_EQ(r[1].pos, at(9, 1));
    EXPECT_EQ(r[1].leading_comments, std::vector<std::string>{" heading"});
    // A brace comment left open ends where the next record begins (a tag
    // pair line after a hand): one error, and the next record is read.
    const auto s = read_all("[A \"1\"]\nhand 1\n{ open\n[B \"2\"]\nhand 1\n");
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].errors.size(), 1u);
    EXPECT_EQ(s[0].errors[0].pos, at(3, 1));
    EXPECT_TRUE(s[1].errors.empty());
    EXPECT_EQ(s[1].first_line, 4u);
    // Before the first hand a tag line does not start a record: the comment
    // runs on; nor does a line that is no tag pair end it.
    const auto u = read_all("[A \"1\"]\n{ open\n[B \"2\"]\nhand 1\n{ x\n[no tag\n}\n");
    ASSERT_EQ(u.size(), 1u);
    EXPECT_TRUE(u[0].errors.empty()) << errors_of(u[0]);
}

TEST(Reader, ByteOrderMarkBeforeAHandLine) {
    const auto r = read_all("\xEF\xBB\xBFhand 1\n[A \"1\"]\n");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_TRUE(r[0].errors.empty()) << errors_of(r[0]);
    EXPECT_EQ(r[0].pos, at(1, 1));
}

TEST(Reader, EmptyInputHasNoRecord) {
    EXPECT_TRUE(read_all("").empty());
    const auto r = read_all("\n; nothing\n");
    ASSERT_EQ(r.size(), 1u);
    EXPECT_TRUE(r[0].hands.empty());
    EXPECT_TRUE(r[0].errors.empty());
}

TEST(Reader, StrayCarriageReturns) {
    // A CR ends a line only before LF or at the very end; any other CR is a
    // stray control character inside a word. (`\r\r` once hung the splitter.)
    for (const std::string text :
         {"\r\r", "\r", "\r\r\r\n\r", "x\r\r", "[A \"1\"]\r\r\nhand 1\r\r\n"}) {
        SCOPED_TRACE(::testing::PrintToString(text));
        const auto r = read_all(text);
        ASSERT_EQ(r.size(), 1u);
        EXPECT_EQ(r[0].source, text);
    }
    // `hand\r` is not the word `hand`: no record starts at the tag line after it.
    EXPECT_EQ(read_all("hand\r\r\n[A \"1\"]\n").size(), 1u);
    EXPECT_EQ(read_all("hand 1\r\r\n[A \"1\"]\r").size(), 2u);
    EXPECT_EQ(one_error(kHead + "A:6-6\r\r\n"),
              "4:6: expected an end letter (L, R, N, E, S, W) or '+N' after the tile, found "
              "'\\r'");
}

TEST(Reader, LastLineWithoutNewline) {
    const std::string text = "[A \"1\"]\nhand 1\n[B \"2\"]";
    std::istringstream in(text);
    RecordReader reader(in);
    ast::Record r;
    ASSERT_TRUE(reader.next(r));
    ASSERT_TRUE(reader.next(r));
    EXPECT_EQ(r.source, "[B \"2\"]");
    EXPECT_EQ(r.tags[0].value, "2");
    EXPECT_EQ(reader.bytes_read(), text.size());
    EXPECT_FALSE(reader.next(r));
}

// ---------------------------------------------------------------------------
// Splitting apart from parsing: next_text and parse_into give what next gives

// Every field of a record, positions and errors included, a node a line;
// the columns of positions that are set moved by `shift`, the source left
// out unless `with_source`.
std::string every_field(const ast::Record& r, int shift = 0, bool with_source = true) {
    std::ostringstream os;
    const auto pos = [&](const ast::Pos& p) {
        os << ' ' << p.line << ':' << static_cast<long long>(p.column) + (p.line ? shift : 0);
    };
    const auto tile = [&](const ast::TileTok& t) {
        os << ' ' << int(t.a) << '-' << int(t.b);
        pos(t.pos);
    };
    const auto comments = [&](std::span<const ast::Comment> cs) {
        for (const auto& c : cs) {
            os << " {" << c.text << '}';
            pos(c.pos);
        }
    };
    os << "record";
    pos(r.pos);
    os << " first_line " << r.first_line << '\n';
    if (with_source) os << "source [" << r.source << "]\n";
    for (const auto& c : r.leading_comments) os << "leading [" << c << "]\n";
    for (const auto& t : r.tags) {
        os << "tag [" << t.name << "] [" << t.value << ']';
        pos(t.pos);
        pos(t.value_pos);
        os << '\n';
    }
    for (const auto& e : r.errors) {
        os << "error";
        pos(e.pos);
        os << ' ' << e.message << '\n';
    }
    for (const auto& h : r.hands) {
        os << "hand " << h.number;
        pos(h.pos);
        pos(h.number_pos);
        os << '\n';
        for (const auto* list : {&h.deals, &h.remains}) {
            for (const auto& d : *list) {
                os << (list == &h.deals ? " deal " : " remain ") << int(d.seat) << " round "
                   << d.round;
                pos(d.pos);
                pos(d.seat_pos);
                for (const auto& t : d.tiles) tile(t);
                os << '\n';
            }
        }
        for (const auto& st : h.stocks) {
            os << " stock round " << st.round;
            pos(st.pos);
            for (const auto& t : st.tiles) tile(t);
            os << '\n';
        }
        for (const auto& rd : h.redeals) {
            os << " redeal " << int(rd.seat);
            pos(rd.pos);
            pos(rd.seat_pos);
            os << '\n';
        }
        for (const auto& p : h.plies) {
            os << " ply";
            pos(p.pos);
            os << " seat " << (p.seat ? int(*p.seat) : -1);
            pos(p.seat_pos);
            for (const auto& a : h.pre_of(p)) {
                os << " pre " << int(a.kind);
                pos(a.pos);
                tile(a.tile);
            }
            os << " kind " << int(p.kind);
            pos(p.action_pos);
            os << " knock " << p.knock;
            tile(p.tile);
            os << " end " << int(p.end) << " claim " << (p.claim ? *p.claim : -1);
            pos(p.claim_pos);
            comments(h.comments_of(p));
            os << '\n';
        }
        if (h.end) {
            os << " end " << int(h.end->kind);
            pos(h.end->pos);
            os << " who " << (h.end->who ? int(*h.end->who) : -1);
            pos(h.end->who_pos);
            os << '\n';
        }
        for (const auto* claims : {&h.points, &h.score}) {
            if (!*claims) continue;
            os << (claims == &h.points ? " points" : " score");
            pos((*claims)->pos);
            for (const auto& item : (*claims)->items) {
                os << ' ' << int(item.who);
                pos(item.pos);
                os << " = " << item.value;
                pos(item.value_pos);
            }
            os << '\n';
        }
        os << " comments";
        comments(h.comments);
        os << '\n';
    }
    return os.str();
}

// Shows `chunk` bytes of a string at a time: the reader's buffer then ends
// mid-line, mid-word and mid-comment.
class TrickleBuf : public std::streambuf {
public:
    TrickleBuf(const std::string& text, std::size_t chunk) : text_(text), chunk_(chunk) {
        char* b = const_cast<char*>(text_.data());
        setg(b, b, b);
    }

protected:
    int_type underflow() override {
        char* b = const_cast<char*>(text_.data());
        const auto at = static_cast<std::size_t>(gptr() - b);
        if (at >= text_.size()) return traits_type::eof();
        setg(b, b + at, b + at + std::min(chunk_, text_.size() - at));
        return traits_type::to_int_type(*gptr());
    }

private:
    const std::string& text_;
    std::size_t chunk_;
};

// The records of `text` as next() gives them, one per string.
std::vector<std::string> records_by_next(const std::string& text) {
    std::istringstream in(text);
    RecordReader reader(in);
    ast::Record r;
    std::vector<std::string> out;
    while (reader.next(r))
        out.push_back(every_field(r) + "bytes " + std::to_string(reader.bytes_read()));
    return out;
}

// The records of `text` by next_text and parse_into, as records_by_next
// gives them: a stream that trickles `chunk` bytes at a time, one record and
// one spare reused throughout. `reparsed` gets, per record, its fields by
// parse_record on its text and by parse_into; `blocks`, the blocks that held
// the texts.
std::vector<std::string> records_by_split(
    const std::string& text, std::size_t chunk,
    std::vector<std::pair<std::string, std::string>>* reparsed = nullptr,
    std::set<const void*>* blocks = nullptr) {
    TrickleBuf buf(text, chunk);
    std::istream in(&buf);
    RecordReader reader(in);
    parser::Spare spare;
    ast::Record r;
    parser::RecordText piece;
    std::uint32_t line = 0;
    std::vector<std::string> out;
    while (reader.next_text(piece, line)) {
        const std::string copy = reparsed ? std::string(piece.text) : std::string();
        if (blocks) blocks->insert(piece.owner.get());
        parser::parse_into(r, std::move(piece), line, spare);
        out.push_back(every_field(r) + "bytes " + std::to_string(reader.bytes_read()));
        if (reparsed) reparsed->emplace_back(every_field(parse_record(copy, line)), every_field(r));
    }
    if (reader.next_text(piece, line)) out.push_back("a record after the end");
    return out;
}

// The same, with every record's text split first and held while the reader
// reads on (as records in flight between threads are), and parsed after.
std::vector<std::string> records_by_split_held(const std::string& text, std::size_t chunk) {
    TrickleBuf buf(text, chunk);
    std::istream in(&buf);
    RecordReader reader(in);
    struct Held {
        parser::RecordText text;
        std::uint32_t line = 0;
        std::uint64_t bytes = 0;
    };
    std::vector<Held> held;
    for (Held h; reader.next_text(h.text, h.line);) {
        h.bytes = reader.bytes_read();
        held.push_back(std::move(h));
    }
    parser::Spare spare;
    ast::Record r;
    std::vector<std::string> out;
    for (auto& h : held) {
        parser::parse_into(r, std::move(h.text), h.line, spare);
        out.push_back(every_field(r) + "bytes " + std::to_string(h.bytes));
    }
    return out;
}

// next() against next_text and parse_into (texts let go at once, and held),
// and parse_record on each text.
void expect_split_then_parse_agrees(const std::string& text, std::size_t chunk) {
    SCOPED_TRACE(::testing::PrintToString(text.substr(0, 200)));
    SCOPED_TRACE("chunk " + std::to_string(chunk));
    std::vector<std::pair<std::string, std::string>> reparsed;
    const std::vector<std::string> by_next = records_by_next(text);
    EXPECT_EQ(records_by_split(text, chunk, &reparsed), by_next);
    EXPECT_EQ(records_by_split_held(text, chunk), by_next);
    for (const auto& [by_parse_record, by_parse_into] : reparsed)
        EXPECT_EQ(by_parse_record, by_parse_into);
}

// Records of every variant, with and without deals, and one-violation mutants.
std::string generated_records(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::string text;
    for (const Variant& v : test::all_variants()) {
        for (const bool deals : {true, false}) {
            const gen::Match m = gen::generate_match({v, deals, gen::Bot::random, 3}, rng);
            text += gen::write_match(m).text + "\n";
            if (const auto bad = gen::mutate(m, rng)) text += bad->text + "\n";
        }
    }
    return text;
}

TEST(Split, NextTextThenParseIntoIsNext) {
    const std::vector<std::string> texts = {
        "",
        "\n\n",
        "; only a comment",
        kHead + "A:6-6 B:6-5R\n",
        // text before the first tag, blank and comment lines between records
        "stray words\nhand 1\n\n[A \"1\"]\nhand 1\nA:6-6\n\n\n; next\n\n[B \"2\"]\nhand 1\n",
        // brace comments over lines, a `[` and `hand` inside them
        "[A \"1\"]\nhand 1\nA:6-6 {x\n[B \"2\"]\nhand 2\n} B:6-5\n[C \"3\"]\nhand 1\n{\n}\n"
        "[D \"4\"]\n",
        "[A \"1\"]\nhand 1\n{ open\n[B \"2\"]\nhand 1\n",
        "[A \"{\"] {c}\nhand 1 {\n}\n[B \"2\"] ; {\nhand 1\n",
        // CRLF, a lone CR, a CR at the end, a BOM
        "[A \"1\"]\r\nhand 1\r\nA:6-6 B:pass\r\n\r\n[B \"2\"]\r\nhand 1\r\nA:5-5\r",
        "\xEF\xBB\xBF[A \"1\"]\nhand 1\nA:6-6\r\r\n[B \"2\"]\nhand 1\r",
        "\xEF\xBB\xBFhand 1\n[A \"1\"]\n",
        // truncated records: mid-ply, mid-tag, mid-comment, mid-word
        kHead + "deal A 6-6 5-",
        kHead + "A:6-6 B:",
        "[A \"1\"]\nhand 1\n[B \"un",
        kHead + "A:6-6 {never",
        kHead + "A:draw",
        // claims, draws, fouls, knocks, tabs, trailing blanks, NUL bytes
        kHead + "A:6-6 +10 B:6-5+5\nC:5-5L +2\n+3\nD:knock A:draw draw 4-5 B:foul 1-1 pass\n",
        kHead +
            "deal A\t6-6  5-5 \nstock 1-1 2-2\nA:6-6\t B:6-5 \nend domino A \n"
            "points AC 1 BD 2 \nscore A 3\n",
        kHead + std::string("A:6-6 \0 B:6-5\n", 14) + "deal\0A\n",
        // lines the fast paths must leave alone
        kHead +
            "hand 3\nhand 0\nhand 1234567890\nend\nend domino X\npoints\npoints A\n"
            "points AC 1234567890\nscore E 1\nscore A 1 B\ndeal B 6-7\nstock 6-6x\n",
    };
    for (const auto& text : texts) {
        for (const std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{1} << 20})
            expect_split_then_parse_agrees(text, chunk);
    }
}

TEST(Split, GeneratedAndMutatedRecords) {
    const std::string text = generated_records(11);
    for (const std::size_t chunk : {std::size_t{97}, std::size_t{1} << 20})
        expect_split_then_parse_agrees(text, chunk);
    // The same text with bytes changed here and there.
    std::mt19937_64 rng(12);
    const std::vector<std::string> bits = {
        "{",  "}", "\r", "\n", "\n\n", ";",        "[",     "\"",      " ",    "\t", "+",
        "+7", ":", "A:", "-",  "7",    "\xC3\xA9", "hand ", "deal B ", "end ", "x"};
    for (int round = 0; round < 40; ++round) {
        std::string t = text.substr(rng() % (text.size() / 2), 3000);
        for (int i = 0; i < 6 && !t.empty(); ++i)
            t.insert(rng() % t.size(), bits[rng() % bits.size()]);
        expect_split_then_parse_agrees(t, 1 + rng() % 64);
    }
}

RC_GTEST_PROP(Split, ShuffledNotationAgrees, ()) {
    // clang-format off
    static const std::vector<std::string> pieces = {
        "[A \"1\"]\n", "[", "]", "\"", "{", "}", ";", "\n", "\r\n", "\r", " ", "\t", "hand 1\n",
        "hand", "deal A ", "stock", "end domino ", "points AC 1", "score", "A", "B:", "AC",
        "6-6", "5-3R", "7-1", "+2", "draw", "pass", "knock", "\xEF\xBB\xBF", "\xFF",
        std::string(1, '\0'), "x"};
    // clang-format on
    const auto picks = *rc::gen::container<std::vector<std::size_t>>(
        rc::gen::inRange<std::size_t>(0, pieces.size()));
    std::string text;
    for (auto i : picks) text += pieces[i];
    const auto chunk = *rc::gen::inRange<std::size_t>(1, 16);
    RC_ASSERT(records_by_split(text, chunk) == records_by_next(text));
}

// Each record's text and first line as next_text gives them in `mode`,
// from a stream trickling `chunk` bytes at a time.
std::vector<std::pair<std::string, std::uint32_t>> split_texts(const std::string& text,
                                                               std::size_t chunk,
                                                               parser::Mode mode) {
    TrickleBuf buf(text, chunk);
    std::istream in(&buf);
    RecordReader reader(in, mode);
    std::vector<std::pair<std::string, std::uint32_t>> out;
    parser::RecordText piece;
    std::uint32_t line = 0;
    while (reader.next_text(piece, line)) out.emplace_back(std::string(piece.text), line);
    return out;
}

// Past a record's hand line the fast mode finds the tag line that ends it
// with a search for `[` (Scan::jump) where the reference mode looks at every
// line: archives of records with blank, comment and brace lines between
// them and in them, `[` where it does and does not begin a tag line, CR LF
// or LF, read a few bytes at a time or whole, must split the same.
RC_GTEST_PROP(Split, FindingTheNextTagLineAgreesWithLookingAtEveryLine, ()) {
    // clang-format off
    static const std::vector<std::string> lines = {
        "", " ", "\t", "; a comment", " ; [Event \"x\"]", "{a note}", "{ [Event \"y\"] }",
        "{open", "still open", "closed} A:6-6", "A:6-6 B:6-5 C:pass", "A:5-5 {x} B:pass",
        "A:6-6 [x", "x [Event \"z\"]", "deal A 6-6 5-5", "end domino A", "points AC 1 BD 0",
        "hand 2", "hand", "handx", "  hand 3", "\r", "\xEF\xBB\xBF[Event \"b\"]",
        "[Event \"a\"]", "  [Event \"c\"]", "\t[Site \"d\"] ;x", "[Rules \"jamaican\"]",
        "[Open", std::string(1, '\0') + "[Event \"n\"]"};
    // clang-format on
    const auto record = rc::gen::map(
        rc::gen::tuple(rc::gen::inRange(0, 3), rc::gen::container<std::vector<std::size_t>>(
                                                   rc::gen::inRange<std::size_t>(0, lines.size()))),
        [](const auto& t) {
            const auto& [tags, body] = t;
            std::vector<std::string> out;
            for (int i = 0; i < tags; ++i) out.push_back("[Event \"" + std::to_string(i) + "\"]");
            out.push_back("hand 1");
            for (const auto i : body) out.push_back(lines[i]);
            return out;
        });
    const auto records = *rc::gen::container<std::vector<std::vector<std::string>>>(record);
    const std::string eol = *rc::gen::element<std::string>("\n", "\r\n");
    std::string text;
    for (const auto& r : records)
        for (const auto& l : r) text += l + eol;
    if (!text.empty() && *rc::gen::arbitrary<bool>()) text.resize(text.size() - eol.size());
    const auto chunk = *rc::gen::element<std::size_t>(1, 2, 7, 64, 4096);
    const auto reference = split_texts(text, text.size() + 1, parser::Mode::reference);
    RC_ASSERT(split_texts(text, chunk, parser::Mode::fast) == reference);
    RC_ASSERT(split_texts(text, text.size() + 1, parser::Mode::fast) == reference);
    RC_TAG(reference.size() > 1 ? "several records" : "one record or none");
}

TEST(Split, TextsAreHandedOutInPlace) {
    const std::string text = "[A \"1\"]\nhand 1\n[B \"2\"]\nhand 1\n";
    std::istringstream in(text);
    RecordReader reader(in);
    parser::RecordText piece;
    std::uint32_t line = 0;
    ASSERT_TRUE(reader.next_text(piece, line));
    EXPECT_EQ(piece.text, "[A \"1\"]\nhand 1\n");
    EXPECT_EQ(line, 1u);
    parser::RecordText second;
    ASSERT_TRUE(reader.next_text(second, line));
    EXPECT_EQ(second.text, "[B \"2\"]\nhand 1\n");
    EXPECT_EQ(line, 3u);
    // One block holds both, one after the other.
    EXPECT_EQ(piece.owner, second.owner);
    EXPECT_EQ(piece.text.data() + piece.text.size(), second.text.data());
    parser::Spare spare;
    ast::Record r;
    parser::parse_into(r, std::move(piece), 1, spare);
    EXPECT_EQ(r.source, "[A \"1\"]\nhand 1\n");
    EXPECT_EQ(r.source_owner, second.owner);
    EXPECT_FALSE(piece.owner);
    const ast::Record copy = r;  // shares the text
    parser::parse_into(r, std::move(second), 3, spare);
    EXPECT_EQ(copy.source, "[A \"1\"]\nhand 1\n");
    EXPECT_EQ(copy.source_owner, r.source_owner);
    piece.text = "left as it was";
    EXPECT_FALSE(reader.next_text(piece, line));
    EXPECT_EQ(piece.text, "left as it was");
    EXPECT_EQ(line, 3u);
}

// Texts read over many blocks: held, each keeps its block and its bytes; let
// go as they are parsed, the reader reuses a few blocks. A record longer than
// a block is read whole.
TEST(Split, BlocksAreHeldByTheirTextsAndThenReused) {
    std::string text;
    for (std::uint64_t seed = 1; text.size() < (std::size_t{2} << 20); ++seed)
        text += generated_records(seed);
    const std::string one = text.substr(0, text.find("\n[", 1) + 1);
    std::string huge = one.substr(0, one.find("\nhand ") + 1);
    huge += "hand 1\n";
    while (huge.size() < (std::size_t{1} << 20)) huge += "{ a comment, over and over }\n";
    text = huge + text + huge;
    for (const std::size_t chunk : {std::size_t{4096}, std::size_t{1} << 20}) {
        SCOPED_TRACE("chunk " + std::to_string(chunk));
        const std::vector<std::string> by_next = records_by_next(text);
        EXPECT_GT(by_next.size(), 100u);
        EXPECT_EQ(records_by_split_held(text, chunk), by_next);
        std::set<const void*> blocks;
        EXPECT_EQ(records_by_split(text, chunk, nullptr, &blocks), by_next);
        // The two huge records' blocks, and two of the standard size in turn
        // (the one read into and the one the record parsed last holds).
        EXPECT_LE(blocks.size(), 4u);
    }
}

// The whole-line fast paths are taken only where a line begins; with one
// blank before every line the same text goes the general way, every column
// one further on. Both must give the same record.
void expect_fast_and_general_agree(const std::string& text) {
    SCOPED_TRACE(::testing::PrintToString(text.substr(0, 200)));
    std::string shifted;
    bool line_start = true;
    for (const char c : text) {
        if (line_start) shifted += ' ';
        shifted += c;
        line_start = c == '\n';
    }
    std::istringstream a_in(text);
    std::istringstream b_in(shifted);
    RecordReader a_reader(a_in);
    RecordReader b_reader(b_in);
    ast::Record a;
    ast::Record b;
    for (;;) {
        const bool more = a_reader.next(a);
        ASSERT_EQ(b_reader.next(b), more);
        if (!more) break;
        EXPECT_EQ(every_field(b, -1, false), every_field(a, 0, false));
    }
}

TEST(FastPaths, AgreeWithTheGeneralPath) {
    const std::string text = generated_records(21);
    std::string no_braces;  // a blank put inside a brace comment would change it
    for (const char c : text)
        if (c != '{' && c != '}') no_braces += c;
    expect_fast_and_general_agree(no_braces);
    for (const std::string lines : {
             "A:6-6 B:6-5R C:pass D:knock A:5-5L+12 B:0-0N +7\n+8\nC:1-1 +123456789\n",
             "6-6 pass knock 5-5E A:6-6\tB:6-5  C:5-5 \r\nD:4-4\rA:3-3\n",
             "A:6-6+1234567890 B:6-7 C:6-6X D:pass7 A:6-6 ;c\nB:6-6;c\nC:draw 6-6\n",
             "+5\nA:pass +5\nA:6-6\n+5 +6\n",
             "deal A 6-6 5-5\ndeal B\ndeal C 6-6 5-5 \ndeal D 6-6\t5-5\ndeal A 6-6 5-5x\n",
             "deal  B 1-1 6-6\ndeal E 1-1\ndeal A 1-1 6-7\nstock\nstock 1-1 2-2\nstock 9-9\n",
             "end domino\nend block AC\nend tie D x\nend target\nend domino E\n",
             "points AC 1 BD 22\nscore A 1 B 2 C 3 D 4\npoints A 1\nscore AC\nscore\n",
             "hand 2\nA:6-6\nhand 3\nhand 3\nhand 5\nhand 0\nhand x\nhand 6\n",
         }) {
        expect_fast_and_general_agree(kHead + lines);
        expect_fast_and_general_agree("[Rules \"jamaican\"]\r\nhand 1\r\n" + lines);
    }
}

// ---------------------------------------------------------------------------
// Garbage and big inputs: no crash, no hang, located errors

void check_invariants(const ast::Record& r, std::uint32_t first_line) {
    RC_ASSERT(sorted(r));
    const auto lines =
        static_cast<std::uint32_t>(std::count(r.source.begin(), r.source.end(), '\n'));
    for (const auto& e : r.errors) {
        RC_ASSERT(e.pos.line >= first_line);
        RC_ASSERT(e.pos.line <= first_line + lines);
        RC_ASSERT(e.pos.column >= 1u);
        RC_ASSERT(!e.message.empty());
    }
}

RC_GTEST_PROP(Garbage, RandomBytesNeverCrash, ()) {
    // Any byte, NUL included.
    const auto bytes = *rc::gen::container<std::string>(
        rc::gen::map(rc::gen::inRange(0, 256), [](int b) { return static_cast<char>(b); }));
    const auto r = parse_record(bytes, 1);
    check_invariants(r, 1);
    std::istringstream in(bytes);
    RecordReader reader(in);
    ast::Record rec;
    std::string joined;
    while (reader.next(rec)) {
        check_invariants(rec, rec.first_line);
        joined += rec.source;
    }
    RC_ASSERT(joined == bytes);
    RC_ASSERT(reader.bytes_read() == bytes.size());
}

// Near-DGN text: pieces of the notation shuffled, so that the parser's deeper
// paths are reached.
RC_GTEST_PROP(Garbage, ShuffledNotationNeverCrashes, ()) {
    // clang-format off
    static const std::vector<std::string> pieces = {
        "[", "]", "\"", "\\", "Rules", " \"x\"", "{", "}", ";", "\n", "\r\n", "\r", " ", "\t",
        "hand", "1", "2", "deal", "stock", "redeal", "remain", "end", "points", "score",
        "A", "B:", "C:", "AC", "BD", "6-6", "5-3R", "7-1", "+2", "+", "draw", "foul", "pass",
        "knock", "domino", "block", "tie", "target", "\xC3\xA9", "\xFF", std::string(1, '\0'),
        "99999999999999999999", "x"};
    // clang-format on
    const auto picks = *rc::gen::container<std::vector<std::size_t>>(
        rc::gen::inRange<std::size_t>(0, pieces.size()));
    std::string text;
    for (auto i : picks) text += pieces[i];
    const auto r = parse_record(text, 1);
    check_invariants(r, 1);
    std::istringstream in(text);
    RecordReader reader(in);
    ast::Record rec;
    std::string joined;
    while (reader.next(rec)) {
        check_invariants(rec, rec.first_line);
        joined += rec.source;
    }
    RC_ASSERT(joined == text);
}

TEST(Big, TenMegabyteLines) {
    const std::size_t n = 10u << 20;
    {  // one huge word
        const auto r = parse_record(kHead + std::string(n, 'x'));
        ASSERT_EQ(r.errors.size(), 1u);
        EXPECT_EQ(r.errors[0].pos, at(4, 1));
    }
    {  // a huge tag value never closed
        const auto r = parse_record("[Event \"" + std::string(n, 'a'));
        ASSERT_EQ(r.errors.size(), 1u);
        EXPECT_EQ(r.errors[0].pos, at(1, 8));
    }
    {  // a huge closed tag value
        const auto r = parse_record("[Event \"" + std::string(n, 'a') + "\"]\n");
        EXPECT_TRUE(r.errors.empty());
        EXPECT_EQ(r.tags[0].value.size(), n);
    }
    {  // many words on one line, then one located error at its far end
        std::string line = "deal A";
        while (line.size() < n) line += " 6-6";
        const auto r = parse_record(kHead + line + " 6-9\n");
        ASSERT_EQ(r.errors.size(), 1u);
        EXPECT_EQ(r.errors[0].pos, at(4, static_cast<std::uint32_t>(line.size() + 2)));
        EXPECT_EQ(r.hands[0].deals[0].tiles.size(), (line.size() - 6) / 4);
    }
    {  // a long ply line (2 MB: each ply is an AST node) through the reader
        std::string line;
        while (line.size() < n / 5) line += "A:6-6 B:pass C:draw 5-5R+2 ";
        const auto records = read_all(kHead + line + "D:6-9\n");
        ASSERT_EQ(records.size(), 1u);
        ASSERT_EQ(records[0].errors.size(), 1u);
        EXPECT_EQ(records[0].errors[0].pos, at(4, static_cast<std::uint32_t>(line.size() + 3)));
    }
    {  // a huge line of bad words stops at the error limit
        std::string line;
        while (line.size() < n) line += "skip ";
        const auto r = parse_record(kHead + line);
        EXPECT_EQ(r.errors.size(), 1001u);
    }
}

TEST(Big, HundredThousandBraces) {
    {  // unclosed, all on one line
        const auto r = parse_record(kHead + "A:6-6 " + std::string(100000, '{'));
        ASSERT_EQ(r.errors.size(), 1u);
        EXPECT_EQ(r.errors[0].pos, at(4, 7));
    }
    {  // unclosed, one per line, through the reader
        std::string text = kHead;
        for (int i = 0; i < 100000; ++i) text += "{\n";
        const auto records = read_all(text + "[Rules \"x\"]\nhand 1\n");
        ASSERT_EQ(records.size(), 2u);  // the comment ends where the next record begins
        ASSERT_EQ(records[0].errors.size(), 1u);
        EXPECT_EQ(records[0].errors[0].pos, at(4, 1));
        EXPECT_TRUE(records[1].errors.empty());
    }
    {  // closed: many comments, all kept on the ply
        std::string text = kHead + "A:6-6 ";
        for (int i = 0; i < 100000; ++i) text += "{}";
        const auto r = parse_record(text);
        EXPECT_TRUE(r.errors.empty());
        EXPECT_EQ(r.hands[0].comments_of(r.hands[0].plies[0]).size(), 100000u);
    }
    {  // stray closing braces
        const auto r = parse_record(kHead + std::string(100000, '}'));
        EXPECT_EQ(r.errors.size(), 1u);
    }
}

TEST(Big, ErrorsPlacedBackOverComments) {
    // Each error sits at the end of `deal`, before two comments whose second
    // is on the next line: mapping it steps back, which must stay linear.
    const std::string pad(2u << 20, '\n');
    std::string text = kHead + pad;
    for (int i = 0; i < 999; ++i) text += "deal {c\n} {d}\n";
    const auto r = parse_record(text);
    ASSERT_EQ(r.errors.size(), 999u);
    const auto first = static_cast<std::uint32_t>(4 + pad.size());
    EXPECT_EQ(r.errors[0].pos, at(first, 5));
    EXPECT_EQ(r.errors[998].pos, at(first + 2 * 998, 5));
    EXPECT_EQ(r.errors[998].message, "expected a seat (A-D), found end of line");
    EXPECT_EQ(r.hands[0].comments.size(), 2 * 999u);
    EXPECT_EQ(r.hands[0].comments.back().pos, at(first + 2 * 998 + 1, 3));
}

TEST(Big, MillionTokens) {
    std::string text = kHead;
    text.reserve(8u << 20);
    for (int i = 0; i < 250000; ++i) text += "A:draw 1-1R +2 B:pass\n";
    const auto r = parse_record(text);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(r.hands[0].plies.size(), 500000u);
    EXPECT_EQ(r.hands[0].plies.back().pos, at(250003, 16));
}

TEST(Big, ManyRecordsStreamed) {
    std::ostringstream out;
    for (int i = 0; i < 20000; ++i) out << "[Rules \"jamaican\"]\nhand 1\nA:6-6 B:6-5R\n";
    std::istringstream in(out.str());
    RecordReader reader(in);
    ast::Record r;
    int n = 0;
    while (reader.next(r)) {
        ++n;
        ASSERT_TRUE(r.errors.empty());
        ASSERT_EQ(r.first_line, static_cast<std::uint32_t>(3 * (n - 1) + 1));
    }
    EXPECT_EQ(n, 20000);
}

// A hand begun without its `hand` line: one error, and what follows is
// read as that hand's (the checker replays nothing after the error).
TEST(Recovery, MissingHandLineIsOneErrorAndTheHandIsRead) {
    const std::string text = kHead +
                             "A:6-6 B:6-5R\nend block\npoints AC 1\nscore AC 1 BD 0\n\n"
                             "A:5-5 B:5-4R\nC:pass\nend block\npoints AC 2\n\nhand 3\nA:1-1\n";
    for (const auto mode : {parser::Mode::fast, parser::Mode::reference}) {
        const auto r = parser::parse_record(text, 1, mode);
        ASSERT_EQ(r.errors.size(), 1u) << errors_of(r);
        EXPECT_EQ(r.errors[0].pos, at(9, 1));
        ASSERT_EQ(r.hands.size(), 3u);
        EXPECT_EQ(r.hands[1].number, 2);
        EXPECT_EQ(r.hands[1].pos, at(9, 1));
        EXPECT_EQ(r.hands[1].plies.size(), 3u);
        ASSERT_TRUE(r.hands[1].points);
        EXPECT_EQ(r.hands[1].points->items[0].value, 2);
        EXPECT_EQ(r.hands[2].number, 3);  // counts on from the hand read
    }
    // No `hand 1`: the plies are hand 1's.
    const auto r = parse_record("[Rules \"jamaican\"]\nA:6-6 B:6-5R\nend block\nhand 2\nA:1-1\n");
    ASSERT_EQ(r.errors.size(), 1u) << errors_of(r);
    ASSERT_EQ(r.hands.size(), 2u);
    EXPECT_EQ(r.hands[0].number, 1);
    EXPECT_EQ(r.hands[0].plies.size(), 2u);
    ASSERT_TRUE(r.hands[0].end);
    // The hand line written late, after the plies it should head: reported
    // once (at the plies), not again as a repeated number.
    for (const auto mode : {parser::Mode::fast, parser::Mode::reference}) {
        const auto late = parser::parse_record(
            kHead + "A:6-6\nend block\nA:5-5 B:5-4R\nhand 2\nA:1-1\nhand 3\n", 1, mode);
        ASSERT_EQ(late.errors.size(), 1u) << errors_of(late);
        EXPECT_EQ(late.errors[0].pos, at(6, 1));
        EXPECT_EQ(late.hands.size(), 4u);
    }
    // Only a ply begins a hand so: other words are reported and skipped.
    const auto g = parse_record(kHead + "end block\nFirmado: ____\n");
    EXPECT_EQ(g.hands.size(), 1u);
}

}  // namespace
