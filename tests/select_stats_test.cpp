// pips select and pips stats: select writes the matching records byte for
// byte (CRLF and comments included), its filters pick what pips check and
// the records' own text say they should, --duplicates finds the copies
// planted in an archive; stats counts what the generated records' claim
// lines and pips check count independently, the same whatever --jobs.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/select_run.hpp"
#include "cli/tools.hpp"
#include "parser/parser.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using test::slurp;
using test::TempDir;
using json = nlohmann::json;

struct Output {
    int code = -1;
    std::string out, err;
};

// Runs `fn(io)` with standard output and error in files of `dir`.
template <class Fn>
Output capture(const TempDir& dir, Fn&& fn) {
    Output r;
    std::FILE* out = std::fopen(dir.path("out").c_str(), "wb");
    std::FILE* err = std::fopen(dir.path("err").c_str(), "wb");
    cli::Io io;
    io.out = out;
    io.err = err;
    r.code = fn(io);
    std::fclose(out);
    std::fclose(err);
    r.out = slurp(dir.path("out"));
    r.err = slurp(dir.path("err"));
    return r;
}

std::string generate(cli::GenerateArgs args, const TempDir& dir) {
    return capture(dir, [&](const cli::Io& io) { return cli::run_generate(args, io.out, io.err); })
        .out;
}

Output select(const TempDir& dir, cli::SelectArgs args, std::vector<std::string> files) {
    args.run.files = std::move(files);
    return capture(dir, [&](const cli::Io& io) { return cli::run_select(args, io); });
}

// The records' texts of `text`, as the reader splits them.
std::vector<std::string> record_texts(const std::string& text) {
    std::istringstream in(text);
    parser::RecordReader reader(in);
    std::vector<std::string> out;
    std::string t;
    std::uint32_t line = 0;
    while (reader.next_text(t, line)) out.push_back(t);
    return out;
}

std::string crlf(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

// Three hand-written records: comments before, between and inside them,
// one of them invalid (B passes holding 6-4 on a 6).
const std::string kThree =
    "; a season's first sheet\n"
    "[Event \"Kingston Open\"]\n"
    "[Rules \"jamaican\"]\n"
    "[Players \"Marcus, Desmond, Andre, Kevin\"]\n"
    "\n"
    "hand 1\n"
    "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\n"
    "deal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
    "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\n"
    "deal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
    "A:6-6 B:6-4R {B's only six} C:6-3L\n"
    "\n"
    "; table 2\n"
    "[Event \"Kingston Open\"]\n"
    "[Rules \"cutthroat\"]\n"
    "[Players \"Marcus, Paul, Ann\"]\n"
    "hand 1\n"
    "A:6-6\n"
    "\n"
    "[Event \"Paphos Cup\"]\n"
    "[Rules \"jamaican\"]\n"
    "[Players \"Ann, Desmond, Lee, Kevin\"]\n"
    "hand 1\n"
    "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\n"
    "deal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
    "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\n"
    "deal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
    "A:6-6 B:pass ; B holds 6-4\n"
    "C:6-3L\n";

TEST(Select, NoFilterWritesTheInputByteForByte) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 4;
    const std::string generated = generate(g, dir);
    for (const std::string& text : {kThree, crlf(kThree), generated, crlf(generated)}) {
        const auto file = dir.write("in.dgn", text);
        const Output r = select(dir, {}, {file});
        EXPECT_EQ(r.code, cli::kExitValid) << r.err;
        EXPECT_TRUE(r.out == text) << r.out;
    }
}

TEST(Select, FiltersPickTheRecordsBytes) {
    TempDir dir;
    for (const std::string& text : {kThree, crlf(kThree)}) {
        const auto records = record_texts(text);
        ASSERT_EQ(records.size(), 3u);
        const auto file = dir.write("three.dgn", text);
        cli::SelectArgs a;
        a.rules = "cutthroat";
        EXPECT_EQ(select(dir, a, {file}).out, records[1]);
        a = {};
        a.player = "Ann";
        Output r = select(dir, a, {file});
        EXPECT_EQ(r.out, records[1] + records[2]);
        EXPECT_EQ(r.err, "pips select: 2 of 3 records\n");
        a.rules = "jamaican";  // AND
        EXPECT_EQ(select(dir, a, {file}).out, records[2]);
        a = {};
        a.valid = false;
        EXPECT_EQ(select(dir, a, {file}).out, records[2]);
        a.valid = true;
        EXPECT_EQ(select(dir, a, {file}).out, records[0] + records[1]);
        a = {};
        a.code = checker::Code::illegal_pass;
        EXPECT_EQ(select(dir, a, {file}).out, records[2]);
        a.code = checker::Code::no_match;
        r = select(dir, a, {file});
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.code, cli::kExitInvalid);  // nothing selected
        a = {};
        a.player = "Marc";  // a name, not part of one
        EXPECT_EQ(select(dir, a, {file}).out, "");
    }
}

// The last record of a file without a final line end gets one, in the
// file's own style, so that the next file's first record starts a line.
TEST(Select, ALastRecordWithoutALineEndGetsOne) {
    TempDir dir;
    const std::string cut = kThree.substr(0, kThree.size() - 1);
    const auto a = dir.write("a.dgn", cut);
    const auto b = dir.write("b.dgn", crlf(cut));
    const Output r = select(dir, {}, {a, b});
    EXPECT_EQ(r.out, kThree + crlf(kThree));
    EXPECT_EQ(r.err, "pips select: 6 of 6 records\n");
}

TEST(Select, ResultTagAsWritten) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 12;
    g.seed = 9;
    const std::string text = generate(g, dir);
    const auto file = dir.write("g.dgn", text);
    const auto records = record_texts(text);
    for (const std::string side : {"AC", "BD"}) {
        std::string expected;
        for (const auto& r : records)
            if (r.find("[Result \"" + side + "\"]") != std::string::npos) expected += r;
        cli::SelectArgs a;
        a.result = side;
        EXPECT_EQ(select(dir, a, {file}).out, expected) << side;
        EXPECT_FALSE(expected.empty());
    }
}

// Copies of generated records, written otherwise (CRLF, comments, no seat
// labels, another Event, tiles of the deals in another order, a play's
// tile turned round) are found as copies, and only they.
TEST(Select, DuplicatesAreTheLaterCopiesOfThePlay) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 6;
    g.seed = 4;
    const std::string text = generate(g, dir);
    const auto records = record_texts(text);
    ASSERT_EQ(records.size(), 6u);
    const auto original = dir.write("original.dgn", text);

    // Record 2 again: other tags, comments, CRLF, labels dropped.
    std::string copy2 = std::regex_replace(records[1], std::regex("pips generate"), "Club night");
    copy2 = std::regex_replace(copy2, std::regex("\\b[A-D]:"), "");
    copy2 = std::regex_replace(copy2, std::regex("\nhand 2\n"), "\nhand 2 ; the second\n");
    copy2 = crlf(copy2);
    // Record 5 again with the first deal line's tiles in another order.
    std::string copy5 = records[4];
    {
        const auto at = copy5.find("deal A ");
        const auto end = copy5.find('\n', at);
        std::istringstream tiles(copy5.substr(at + 7, end - at - 7));
        std::vector<std::string> ts;
        for (std::string t; tiles >> t;) ts.push_back(t);
        std::reverse(ts.begin(), ts.end());
        std::string line = "deal A";
        for (auto& t : ts) line += " " + std::string{t[2], '-', t[0]};
        copy5.replace(at, end - at, line);
    }
    // Record 3 with one ply changed: not a copy.
    std::string changed3 = records[2];
    const auto pass = changed3.find(":pass");
    ASSERT_NE(pass, std::string::npos);
    changed3.replace(pass, 5, ":knock");  // the same ply in other words: still a copy
    std::string other3 = records[2];
    other3 = std::regex_replace(other3, std::regex("\nhand 1\n"), "\nhand 1\nA:6-6\n",
                                std::regex_constants::format_first_only);
    const auto copies = dir.write("copies.dgn", copy2 + other3 + copy5 + changed3);

    const Output none = [&] {
        cli::SelectArgs a;
        a.duplicates = true;
        return select(dir, a, {original});
    }();
    EXPECT_EQ(none.out, "");
    EXPECT_EQ(none.code, cli::kExitInvalid);

    cli::SelectArgs a;
    a.duplicates = true;
    const Output r = select(dir, a, {original, copies});
    EXPECT_EQ(r.out, copy2 + copy5 + changed3);
    EXPECT_EQ(r.err, "pips select: 3 of 10 records\n");

    // The same file twice: the second is all copies.
    EXPECT_EQ(select(dir, a, {original, original}).out, text);
    // With another filter: the copies that also pass it.
    a.valid = false;
    EXPECT_EQ(select(dir, a, {original, copies}).out, "");
}

TEST(Select, CodesCountAsPipsCheckFindsThem) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "cutthroat";
    g.mutate = true;
    g.matches = 60;
    g.seed = 11;
    const std::string text = generate(g, dir);
    const auto file = dir.write("mutants.dgn", text);
    const auto records = record_texts(text);
    // pips check's JSON lines say which records have which codes.
    cli::CheckArgs c;
    c.files = {file};
    c.format = cli::Format::json;
    c.quiet = true;
    const Output checked = capture(dir, [&](const cli::Io& io) { return cli::run_check(c, io); });
    std::istringstream lines(checked.out);
    std::vector<json> verdicts;
    for (std::string line; std::getline(lines, line);) verdicts.push_back(json::parse(line));
    ASSERT_EQ(verdicts.size(), records.size());
    std::size_t codes_seen = 0;
    for (std::size_t k = 0; k < checker::kCodeNames.size(); ++k) {
        std::string expected;
        for (std::size_t i = 0; i < records.size(); ++i) {
            bool has = false;
            for (const auto& e : verdicts[i]["errors"]) has |= e["code"] == checker::kCodeNames[k];
            if (has) expected += records[i];
        }
        codes_seen += expected.empty() ? 0 : 1;
        cli::SelectArgs a;
        a.code = static_cast<checker::Code>(k);
        a.run.jobs = 2;
        EXPECT_EQ(select(dir, a, {file}).out, expected) << checker::kCodeNames[k];
    }
    EXPECT_GE(codes_seen, 4u);
}

TEST(Select, OutputIsTheSameWhateverTheJobs) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "chiva";
    g.mutate = true;
    g.matches = 80;
    const auto file = dir.write("m.dgn", generate(g, dir) + kThree);
    cli::SelectArgs a;
    a.valid = false;
    const Output one = select(dir, a, {file, file});
    EXPECT_FALSE(one.out.empty());
    for (unsigned jobs : {2u, 3u, 0u}) {
        a.run.jobs = jobs;
        const Output many = select(dir, a, {file, file});
        EXPECT_TRUE(many.out == one.out) << jobs;
        EXPECT_EQ(many.err, one.err);
    }
}

TEST(Select, UnreadableInputIsExitTwo) {
    TempDir dir;
    const auto file = dir.write("three.dgn", kThree);
    const Output r = select(dir, {}, {file, dir.path("missing.dgn")});
    EXPECT_EQ(r.code, cli::kExitCannotRun);
    EXPECT_EQ(r.out, kThree);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
}

TEST(Select, UnknownWordsNameTheNearest) {
    EXPECT_EQ(cli::unknown_word("code", "ilegal-pass", cli::code_names()),
              "unknown code 'ilegal-pass'; did you mean 'illegal-pass'?");
    EXPECT_EQ(cli::unknown_word("rule set", "french-ish", cli::rule_set_names()),
              "unknown rule set 'french-ish'");
    EXPECT_EQ(cli::rule_set_names().size(), 6u);
}

}  // namespace
