// The canonical printer: its layout on hand-built trees, and the round trip
// print -> parse -> print on every conformance file.
#include "parser/printer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "parser/ast_compare.hpp"
#include "parser/parser.hpp"

namespace {

using namespace pips;
using parser::print_record;

ast::TileTok tile(int a, int b, ast::Pos pos = {}) {
    ast::TileTok t;
    t.a = static_cast<std::uint8_t>(a);
    t.b = static_cast<std::uint8_t>(b);
    t.pos = pos;
    return t;
}

ast::Ply play(std::optional<ast::SeatNo> seat, int a, int b,
              ast::EndLetter end = ast::EndLetter::none, ast::Pos pos = {}) {
    ast::Ply p;
    p.pos = pos;
    p.seat = seat;
    p.kind = ast::Ply::Kind::play;
    p.tile = tile(a, b);
    p.end = end;
    return p;
}

ast::Ply pass(std::optional<ast::SeatNo> seat, ast::Pos pos = {}) {
    ast::Ply p;
    p.pos = pos;
    p.seat = seat;
    p.kind = ast::Ply::Kind::pass;
    return p;
}

ast::Record tagged(std::initializer_list<std::pair<const char*, const char*>> tags) {
    ast::Record r;
    std::uint32_t line = 1;
    for (const auto& [name, value] : tags) {
        ast::Tag t;
        t.name = name;
        t.value = value;
        t.pos = {line++, 1};
        r.tags.push_back(t);
    }
    return r;
}

TEST(Printer, TagsAreEscapedOnePerLine) {
    auto r = tagged({{"Event", R"(say "hi" \o/)"}, {"Rules", "jamaican"}});
    r.leading_comments = {" Kingston Open", "; two semicolons"};
    EXPECT_EQ(print_record(r),
              "; Kingston Open\n"
              ";; two semicolons\n"
              "[Event \"say \\\"hi\\\" \\\\o/\"]\n"
              "[Rules \"jamaican\"]\n");
}

TEST(Printer, HandLinesInOrder) {
    auto r = tagged({{"Rules", "jamaican"}});
    ast::Hand h;
    h.number = 3;
    ast::SeatTiles d;
    d.seat = 1;
    d.tiles = {tile(6, 4), tile(4, 5)};
    h.deals.push_back(d);
    ast::Stock s;
    s.tiles = {tile(0, 0), tile(1, 0)};
    h.stocks.push_back(s);
    h.plies = {play(1, 6, 4), pass(std::nullopt), play(std::nullopt, 4, 4, ast::EndLetter::R)};
    ast::SeatTiles rem;
    rem.seat = 3;
    rem.tiles = {tile(2, 2)};
    h.remains.push_back(rem);
    h.end = ast::EndLine{ast::EndLine::Kind::block, {}, ast::Who::BD, {}};
    h.points = ast::ClaimLine{{}, {{ast::Who::AC, {}, 0, {}}, {ast::Who::BD, {}, 1, {}}}};
    h.score = ast::ClaimLine{{}, {{ast::Who::BD, {}, 5, {}}}};
    r.hands.push_back(h);
    h.number = 4;
    h.deals.clear();
    h.stocks.clear();
    h.remains.clear();
    h.plies = {play(0, 1, 1)};
    h.end.reset();
    h.points.reset();
    h.score.reset();
    r.hands.push_back(h);
    EXPECT_EQ(print_record(r),
              "[Rules \"jamaican\"]\n"
              "\n"
              "hand 3\n"
              "deal B 6-4 4-5\n"
              "stock 0-0 1-0\n"
              "B:6-4 pass 4-4R\n"
              "remain D 2-2\n"
              "end block BD\n"
              "points AC 0 BD 1\n"
              "score BD 5\n"
              "\n"
              "hand 4\n"
              "A:1-1\n");
}

TEST(Printer, DrawsFoulsKnocksAndClaims) {
    auto r = tagged({{"Rules", "fives-threes"}});
    ast::Hand h;
    h.number = 1;
    h.plies = {play(1, 2, 4, ast::EndLetter::R), pass(2), pass(3),
               play(0, 5, 5, ast::EndLetter::N)};
    h.extra_of(h.plies[0]).pre = {{ast::PreAction::Kind::draw, {}, {}},
                                  {ast::PreAction::Kind::draw, {}, {}}};
    h.extra_of(h.plies[1]).pre = {{ast::PreAction::Kind::foul, {}, tile(3, 4)}};
    h.plies[2].knock = true;
    h.plies[3].claim = 2;
    h.extra_of(h.plies[3]).comments = {{" what a play ", {}}};
    r.hands.push_back(h);
    EXPECT_EQ(print_record(r),
              "[Rules \"fives-threes\"]\n\nhand 1\n"
              "B:draw draw 2-4R C:foul 3-4 pass D:knock A:5-5N +2 { what a play }\n");
}

TEST(Printer, RedealsSeparateTheirRounds) {
    auto r = tagged({{"Rules", "quinientos"}});
    ast::Hand h;
    h.number = 1;
    for (int round = 0; round <= 2; ++round) {
        for (ast::SeatNo seat = 0; seat < 2; ++seat) {
            ast::SeatTiles d;
            d.seat = seat;
            d.round = round;
            d.tiles = {tile(round, seat)};
            h.deals.push_back(d);
        }
    }
    // Out of round order in the vector: the printer groups by round.
    std::rotate(h.deals.begin(), h.deals.begin() + 2, h.deals.end());
    h.redeals = {{2, {}, {}}, {0, {}, {}}};
    r.hands.push_back(h);
    EXPECT_EQ(print_record(r),
              "[Rules \"quinientos\"]\n\nhand 1\n"
              "deal A 0-0\ndeal B 0-1\n"
              "redeal C\n"
              "deal A 1-0\ndeal B 1-1\n"
              "redeal A\n"
              "deal A 2-0\ndeal B 2-1\n");
}

TEST(Printer, PliesFillEightyColumns) {
    auto r = tagged({{"Rules", "jamaican"}});
    ast::Hand h;
    h.number = 1;
    for (int i = 0; i < 40; ++i)
        h.plies.push_back(
            play(static_cast<ast::SeatNo>(i % 4), i % 7, (i + 3) % 7, ast::EndLetter::L));
    h.extra_of(h.plies.emplace_back(pass(0))).comments = {{std::string(100, 'x'), {}}};
    h.plies.push_back(pass(1));
    r.hands.push_back(h);
    std::istringstream in(print_record(r));
    std::string line;
    std::vector<std::size_t> widths;
    while (std::getline(in, line))
        if (line.size() > 1 && line[1] == ':') widths.push_back(line.size());
    // Plies of 6 columns: 11 fill 76 columns, a 12th would make 83. The ply
    // wider than a line stands alone.
    EXPECT_EQ(widths, (std::vector<std::size_t>{76, 76, 76, 48, 109, 6}));
}

TEST(Printer, NotesGoAfterTheirPlyOrLine) {
    auto r = tagged({{"Rules", "jamaican"}, {"Result", "AC"}});  // tags on lines 1, 2
    ast::Hand h;
    h.number = 1;
    h.pos = {4, 1};
    ast::SeatTiles d;
    d.pos = {5, 1};
    d.tiles = {tile(6, 6)};
    h.deals.push_back(d);
    h.plies = {play(0, 6, 6, ast::EndLetter::none, {6, 1}), pass(1, {6, 7})};
    h.plies[1].action_pos = {6, 9};
    h.extra_of(h.plies[1]).comments = {{"said knock", {6, 14}}};
    h.end = ast::EndLine{ast::EndLine::Kind::block, {7, 1}, std::nullopt, {}};
    h.comments = {{"about the deal", {5, 12}}, {"about the end", {7, 11}}};
    r.hands.push_back(h);
    parser::Notes notes = {
        {{0, 0}, "before everything"}, {{2, 1}, "the result is wrong"},
        {{6, 1}, "pose {6-6}"},        {{6, 9}, "at the action: goes after its ply"},
        {{7, 1}, "blocked\nfor real"}, {{4, 1}, "hand note"},
    };
    EXPECT_EQ(print_record(r, &notes),
              "; pips: before everything\n"
              "[Rules \"jamaican\"]\n"
              "[Result \"AC\"]\n"
              "; pips: the result is wrong\n"
              "\n"
              "hand 1\n"
              "{ pips: hand note }\n"
              "deal A 6-6\n"
              "{about the deal}\n"
              "A:6-6 { pips: pose (6-6) }\n"  // the next would pass 80 columns
              "B:pass {said knock} { pips: at the action: goes after its ply }\n"
              "end block\n"
              "{about the end}\n"
              "{ pips: blocked for real }\n");
}

// --- with the parser -------------------------------------------------------

ast::Record parse_one(const std::string& text) {
    return parser::parse_record(text, 1);
}

// Round trip of one record: print, parse, print again.
void expect_round_trip(const ast::Record& original, const std::string& what) {
    std::string once = print_record(original);
    ast::Record again = parse_one(once);
    for (const auto& e : again.errors)
        ADD_FAILURE() << what << ": the printed record has a syntax error at " << e.pos.line << ':'
                      << e.pos.column << ": " << e.message << "\n"
                      << once;
    EXPECT_EQ(print_record(again), once) << what;
    if (original.errors.empty()) {
        EXPECT_EQ(ast::difference(original, again), "") << what << "\n" << once;
    }
}

TEST(PrinterRoundTrip, InlineRecord) {
    const std::string text =
        ";Friday league\n"
        "[Event \"a \\\"b\\\" \\\\ c\"]\n"
        "[Rules \"fives-threes\"]\n"
        "[Players \"a, b\"]\n"
        "\n"
        "hand 1\n"
        "deal A 6-6 5-5\n"
        "deal B 6-5 1-1\n"
        "stock 0-0 1-0\n"
        "A:6-6 {first} B:draw 6-5R +1 A:knock 5-5 +2\n"
        "C:foul 3-4 pass\n"
        "remain B 1-1\n"
        "end block A\n"
        "points A 1\n"
        "score A 1 B 0\n";
    ast::Record r = parse_one(text);
    ASSERT_TRUE(r.errors.empty()) << r.errors.front().message;
    EXPECT_EQ(print_record(r),
              ";Friday league\n"
              "[Event \"a \\\"b\\\" \\\\ c\"]\n"
              "[Rules \"fives-threes\"]\n"
              "[Players \"a, b\"]\n"
              "\n"
              "hand 1\n"
              "deal A 6-6 5-5\n"
              "deal B 6-5 1-1\n"
              "stock 0-0 1-0\n"
              "A:6-6 {first} B:draw 6-5R +1 A:knock 5-5 +2 C:foul 3-4 pass\n"
              "remain B 1-1\n"
              "end block A\n"
              "points A 1\n"
              "score A 1 B 0\n");
    expect_round_trip(r, "inline record");
}

TEST(PrinterRoundTrip, ConformanceFiles) {
    const std::filesystem::path dir = PIPS_SOURCE_DIR "/../shared/conformance";
    if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << dir << " is not there";
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".dgn") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    ASSERT_FALSE(files.empty());
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        ASSERT_TRUE(in) << f;
        parser::RecordReader reader(in);
        ast::Record r;
        int records = 0;
        while (reader.next(r)) {
            ++records;
            expect_round_trip(r, f.filename().string() + " record " + std::to_string(records));
        }
        EXPECT_GT(records, 0) << f;
    }
}

// `;` comments are kept: after a ply they end its line, after a line they
// get a line of their own; comments among the tags stay after their tag.
TEST(PrinterRoundTrip, LineCommentsAndTagCommentsAreKept) {
    const std::string text =
        "; before\n"
        "[Rules \"jamaican\"] ; the rules\n"
        "{ among tags }\n"
        "[Players \"a, b, c, d\"]\n"
        "; before the hand\n"
        "hand 1 ; the first\n"
        "A:6-6 B:6-5R ; B had to\n"
        "{ on the next line } C:pass ; C knocked\n"
        "D:pass\n"
        "; a line of its own\n"
        "end block\n";
    ast::Record r = parse_one(text);
    ASSERT_TRUE(r.errors.empty()) << r.errors.front().message;
    EXPECT_EQ(print_record(r),
              "; before\n"
              "[Rules \"jamaican\"]\n"
              "; the rules\n"
              "{ among tags }\n"
              "[Players \"a, b, c, d\"]\n"
              "; before the hand\n"
              "\n"
              "hand 1 ; the first\n"
              "A:6-6 B:6-5R ; B had to\n"
              "{ on the next line } C:pass ; C knocked\n"
              "D:pass ; a line of its own\n"
              "end block\n");
    expect_round_trip(r, "line comments");
}

// Notes are marked; printing with notes (or strip_notes) drops the notes the
// record held, so annotating twice gives what annotating once gave.
TEST(PrinterNotes, ReplacedNotDoubled) {
    const std::string text =
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
        "A:6-6 {kept} B:6-5R\nend block\n";
    ast::Record r = parse_one(text);
    ASSERT_TRUE(r.errors.empty());
    const parser::Notes notes = {
        {{1, 1}, "on a tag"}, {{5, 1}, "on the pose"}, {{6, 1}, "on the end"}};
    const std::string once = print_record(r, &notes);
    EXPECT_EQ(once,
              "[Rules \"jamaican\"]\n; pips: on a tag\n[Players \"a, b, c, d\"]\n\nhand 1\n"
              "A:6-6 {kept} { pips: on the pose } B:6-5R\nend block\n{ pips: on the end }\n");
    ast::Record again = parse_one(once);
    ASSERT_TRUE(again.errors.empty());
    // The new notes, at the positions of the reprinted record.
    const parser::Notes moved = {
        {{1, 1}, "on a tag"}, {{6, 1}, "on the pose"}, {{7, 1}, "on the end"}};
    EXPECT_EQ(print_record(again, &moved), once);
    parser::PrintOptions strip;
    strip.strip_notes = true;
    EXPECT_EQ(print_record(again, nullptr, strip), print_record(r));
    EXPECT_TRUE(parser::is_note(" pips: x"));
    EXPECT_FALSE(parser::is_note(" pipsqueak"));
}

// A record with syntax errors as written: blank lines around it dropped,
// lines holding only a note dropped when asked.
TEST(PrinterAsWritten, KeepsTheTextAndDropsOnlyNotes) {
    const std::string text =
        "\n\n[Rules \"jamaican\"]\r\nhand 1\nA:6-6 B:6_5 ; x\n\n{ pips: old }\n  ; pips: "
        "old\nz\n\n";
    ast::Record r = parse_one(text);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_EQ(
        parser::print_as_written(r),
        "[Rules \"jamaican\"]\r\nhand 1\nA:6-6 B:6_5 ; x\n\n{ pips: old }\n  ; pips: old\nz\n");
    parser::PrintOptions strip;
    strip.strip_notes = true;
    EXPECT_EQ(parser::print_as_written(r, strip),
              "[Rules \"jamaican\"]\r\nhand 1\nA:6-6 B:6_5 ; x\n\nz\n");
    // Notes go after the line they are on; the old ones are dropped.
    const parser::Notes notes = {{{5, 7}, "bad tile"}, {{9, 1}, "junk"}, {{40, 1}, "past"}};
    EXPECT_EQ(parser::print_as_written(r, strip, &notes),
              "[Rules \"jamaican\"]\r\nhand 1\nA:6-6 B:6_5 ; x\n; pips: bad tile\n\nz\n"
              "; pips: junk\n; pips: past\n");
}

// A record that holds notes anywhere (before its tags, among them, on plies
// and lines) prints with new notes as it printed with the old ones gone.
TEST(PrinterNotes, NotesAnywhereAreReplaced) {
    const std::string text =
        "; pips: old before\n; kept\n[Rules \"jamaican\"]\n{ pips: old tag }\n"
        "[Players \"a, b, c, d\"]\nhand 1\n; pips: old hand\nA:6-6 { pips: old } B:6-5R\n";
    ast::Record r = parse_one(text);
    ASSERT_TRUE(r.errors.empty());
    const parser::Notes none;
    EXPECT_EQ(print_record(r, &none),
              "; kept\n[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\nA:6-6 B:6-5R\n");
}

}  // namespace
