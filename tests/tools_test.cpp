// pips generate and pips rescore as library calls.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>

#include "cli/tools.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

// Runs f(out, err) with temporary files and returns {exit code, out, err}.
template <class F>
std::tuple<int, std::string, std::string> capture(F f) {
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    int code = f(out, err);
    auto read = [](std::FILE* fp) {
        std::string s;
        std::rewind(fp);
        char buf[4096];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, fp)) > 0) s.append(buf, n);
        std::fclose(fp);
        return s;
    };
    std::string o = read(out), e = read(err);
    return {code, o, e};
}

std::string generate(cli::GenerateArgs a) {
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_generate(a, o, e); });
    EXPECT_EQ(code, 0) << err;
    return out;
}

}  // namespace

TEST(Generate, SameSeedSameBytesAndEveryRecordValid) {
    for (const char* rules :
         {"jamaican", "cutthroat", "french", "chiva", "quinientos", "fives-threes"}) {
        cli::GenerateArgs a;
        a.rules = rules;
        a.matches = 3;
        a.seed = 42;
        std::string x = generate(a), y = generate(a);
        EXPECT_EQ(x, y) << rules;
        a.seed = 43;
        EXPECT_NE(generate(a), x) << rules;
        auto verdicts = test::check_text(x);
        ASSERT_EQ(verdicts.size(), 3u) << rules;
        for (const auto& v : verdicts) EXPECT_EQ(test::describe(v), "valid") << rules;
    }
}

TEST(Generate, MutantsAreRejectedAtTheirNotedLine) {
    for (const char* rules :
         {"jamaican", "cutthroat", "chiva", "quinientos", "fives-threes", "french"}) {
        cli::GenerateArgs a;
        a.rules = rules;
        a.players = std::string(rules) == "cutthroat" || std::string(rules) == "chiva" ? 2 : 0;
        if (a.players == 2 && std::string(rules) == "cutthroat") a.options = "draw";
        a.matches = 5;
        a.seed = 9;
        a.mutate = true;
        a.max_hands = 8;
        std::string text = generate(a);
        std::istringstream in(text);
        auto verdicts = test::check_text(text);
        ASSERT_EQ(verdicts.size(), 5u) << rules;
        // Each record's first line says: "; mutant (what): expect CODE at line N".
        std::size_t pos = 0;
        for (const auto& v : verdicts) {
            pos = text.find("; mutant (", pos);
            ASSERT_NE(pos, std::string::npos);
            std::string line = text.substr(pos, text.find('\n', pos) - pos);
            ++pos;
            auto at = line.find("expect ");
            std::istringstream w(line.substr(at + 7));
            std::string code, word;
            std::uint32_t n = 0;
            w >> code >> word >> word >> n;
            ASSERT_FALSE(v.valid) << line;
            EXPECT_EQ(checker::code_name(v.errors[0].code), code)
                << rules << ": " << line << " got " << test::describe(v);
            EXPECT_EQ(v.errors[0].pos.line, n)
                << rules << ": " << line << " got " << test::describe(v);
        }
    }
}

// --labels, --claims and --summary leave out what records as people keep them
// do; the match played is the same (same seed, same number of hands).
TEST(Generate, RecordsAsPeopleKeepThem) {
    cli::GenerateArgs a;
    a.rules = "cutthroat";
    a.players = 2;
    a.matches = 2;
    a.seed = 5;
    const std::string full = generate(a);
    a.labels = false;
    a.claims = "end";
    const std::string bare = generate(a);
    EXPECT_EQ(bare.find("A:"), std::string::npos) << bare;
    EXPECT_EQ(bare.find("\npoints "), std::string::npos) << bare;
    EXPECT_EQ(bare.find("\nscore "), std::string::npos) << bare;
    EXPECT_NE(bare.find("\nend "), std::string::npos) << bare;
    a.labels = true;
    a.claims = "all";
    a.summary = 1;
    a.deals = true;
    const std::string sheet = generate(a);
    EXPECT_EQ(sheet.find("\ndeal "), std::string::npos) << sheet;
    EXPECT_EQ(sheet.find("A:"), std::string::npos) << sheet;
    for (const std::string* text : {&full, &bare, &sheet}) {
        auto verdicts = test::check_text(*text);
        ASSERT_EQ(verdicts.size(), 2u);
        auto mine = test::check_text(full);
        for (std::size_t i = 0; i < 2; ++i) {
            EXPECT_EQ(test::describe(verdicts[i]), "valid") << *text;
            EXPECT_EQ(verdicts[i].hands, mine[i].hands) << *text;
        }
    }
    // Summary hands need a claim line.
    a.claims = "none";
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_generate(a, o, e); });
    EXPECT_EQ(code, 2);
    EXPECT_NE(err.find("summary hands need claim lines"), std::string::npos) << err;
}

TEST(Generate, BadArgumentsExitTwo) {
    cli::GenerateArgs a;
    a.rules = "jamaican";
    a.players = 3;
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_generate(a, o, e); });
    EXPECT_EQ(code, 2);
    EXPECT_NE(err.find("jamaican is played by 4 players"), std::string::npos) << err;
}

TEST(Rescore, ShowsWhatTheOtherRulesChange) {
    cli::GenerateArgs g;
    g.rules = "jamaican";
    g.seed = 5;
    g.max_hands = 6;
    std::string text = generate(g);
    std::istringstream in(text);
    cli::RescoreArgs r;
    r.rules = "quinientos:capicu";
    r.files = {"-"};
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_rescore(r, in, o, e); });
    EXPECT_EQ(code, 0) << err;
    EXPECT_NE(out.find("| quinientos, 4 players, options capicu"), std::string::npos) << out;
    EXPECT_NE(out.find("<- differs"), std::string::npos) << out;  // 1 point against the pip counts
    EXPECT_NE(out.find("hand 1: "), std::string::npos) << out;
}

TEST(Rescore, IncompatibleRulesExitTwo) {
    cli::GenerateArgs g;
    g.rules = "jamaican";
    g.max_hands = 2;
    std::string text = generate(g);
    std::istringstream in(text);
    cli::RescoreArgs r;
    r.rules = "fives-threes";  // 6 tiles a seat, not 7
    r.files = {"-"};
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_rescore(r, in, o, e); });
    EXPECT_EQ(code, 2);
    EXPECT_NE(err.find("deals 6 tiles"), std::string::npos) << err;
}

TEST(Rescore, PliesIllegalUnderTheOtherRulesExitOne) {
    // A french record cannot be replayed on a line; a draw game's draws are
    // not legal without a boneyard.
    cli::GenerateArgs g;
    g.rules = "chiva";
    g.players = 2;
    g.seed = 3;
    g.max_hands = 6;
    std::string text = generate(g);
    std::istringstream in(text);
    cli::RescoreArgs r;
    r.rules = "cutthroat:draw";
    r.files = {"-"};
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_rescore(r, in, o, e); });
    // Same play (7 tiles, boneyard, line): replays; scoring differs only in the match target.
    EXPECT_EQ(code, 0) << out << err;
}

TEST(Rescore, MissingFileOrDirectoryExitsTwo) {
    test::TempDir dir;
    std::istringstream in;
    cli::RescoreArgs r;
    r.rules = "chiva";
    r.files = {dir.path("")};
    auto [code, out, err] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_rescore(r, in, o, e); });
    EXPECT_EQ(code, 2);
    EXPECT_EQ(out, "");
    EXPECT_EQ(err, "pips: error: cannot read '" + dir.path("") + "': is a directory\n");
    r.files = {dir.path("missing.dgn")};
    auto [code2, out2, err2] =
        capture([&](std::FILE* o, std::FILE* e) { return cli::run_rescore(r, in, o, e); });
    EXPECT_EQ(code2, 2);
    EXPECT_EQ(err2, "pips: error: cannot open '" + dir.path("missing.dgn") +
                        "': No such file or directory\n");
}
