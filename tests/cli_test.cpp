// The command line: report rendering (carets, JSON) called directly, and the
// built `pips` run end to end for its exit codes and output shapes.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/annotate_out.hpp"
#include "cli/commands.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "cli/json.hpp"
#include "cli/report.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"
#include "tests/support/capture.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using test::slurp;
using test::TempDir;
using json = nlohmann::ordered_json;

// --- report rendering ----------------------------------------------------

TEST(Caret, CountsCodePointsAndCopiesTabs) {
    // tab, B, :, é (two bytes), space: the tile is in column 6.
    const std::string line = "\tB:\xC3\xA9 6-4R";
    EXPECT_EQ(cli::caret_line(line, 6), "\t    ^");
    EXPECT_EQ(cli::caret_line(line, 1), "^");
    // Past the end of the line (an error at the line end).
    EXPECT_EQ(cli::caret_line("ab", 4), "   ^");
}

ast::Record record_of(const std::string& text, std::uint32_t first_line) {
    ast::Record r;
    auto own = parser::RecordText::copy_of(text);
    r.source = own.text;
    r.source_owner = std::move(own.owner);
    r.first_line = first_line;
    r.pos = {first_line, 1};
    return r;
}

TEST(Diagnostic, SourceLineAndCaret) {
    auto r = record_of("[Rules \"jamaican\"]\r\nhand 1\r\n\tA:6-6 \xE2\x86\x92 B:6-7R\r\n", 10);
    std::string out;
    cli::render_diagnostic(out, "t4.dgn", r, {12, 10}, "syntax", "expected a tile, found '6-7R'",
                           false);
    EXPECT_EQ(out,
              "t4.dgn:12:10: error[syntax]: expected a tile, found '6-7R'\n"
              "\tA:6-6 \xE2\x86\x92 B:6-7R\n"
              "\t        ^\n");
}

// A very long line is shown as a window around the caret, its cut ends marked.
TEST(Diagnostic, LongLineShowsAWindowAroundTheCaret) {
    std::string line = std::string(5000, 'x') + " B:skip " + std::string(5000, 'y');
    auto r = record_of(line + "\n", 1);
    std::string out;
    cli::render_diagnostic(out, "f", r, {1, 5004}, "syntax", "m", false);
    std::istringstream in(out);
    std::string head, src, caret;
    std::getline(in, head);
    std::getline(in, src);
    std::getline(in, caret);
    EXPECT_EQ(head, "f:1:5004: error[syntax]: m");
    EXPECT_LT(src.size(), 140u);
    EXPECT_EQ(src.substr(0, 3), "...");
    EXPECT_EQ(src.substr(src.size() - 3), "...");
    ASSERT_EQ(caret.size(), src.find("skip") + 1) << src << "\n" << caret;
    EXPECT_EQ(caret.back(), '^');
}

TEST(Diagnostic, NoSourceLineOutsideTheRecord) {
    auto r = record_of("hand 1\n", 5);
    std::string out;
    cli::render_diagnostic(out, "f", r, {9, 2}, "no-match", "a message\nover lines", false);
    EXPECT_EQ(out, "f:9:2: error[no-match]: a message over lines\n");
    EXPECT_EQ(cli::source_line(r, 4), "");
    EXPECT_EQ(cli::source_line(r, 5), "hand 1");
    EXPECT_EQ(cli::source_line(r, 6), "");
}

TEST(Diagnostic, ColourOnlyWhenAsked) {
    auto r = record_of("A:6-6\n", 1);
    std::string plain, coloured;
    cli::render_diagnostic(plain, "f", r, {1, 3}, "no-match", "m", false);
    cli::render_diagnostic(coloured, "f", r, {1, 3}, "no-match", "m", true);
    EXPECT_EQ(plain.find('\x1b'), std::string::npos);
    // fmt/color.h: bold, then bold red, then bold; the caret bold green.
    EXPECT_EQ(coloured,
              "\x1b[1mf:1:3: \x1b[0m\x1b[1m\x1b[31merror[no-match]\x1b[0m\x1b[1m: m\x1b[0m\n"
              "A:6-6\n"
              "\x1b[1m\x1b[32m  ^\x1b[0m\n");
}

// Problems with an input or the run have no position: "pips: error: ...",
// whatever their code; with a position and no record, the first line alone.
TEST(Diagnostic, InputProblemsAndLabels) {
    std::string out;
    cli::render_diagnostic(out, {"a.dgn", {}, "cannot-open", "cannot open 'a.dgn': gone"}, nullptr,
                           true);
    EXPECT_EQ(out, "pips: error: cannot open 'a.dgn': gone\n");
    out.clear();
    cli::render_diagnostic(out, {"a.dgn", {3, 4}, "syntax", "expected a tile"}, nullptr, false);
    EXPECT_EQ(out, "a.dgn:3:4: error[syntax]: expected a tile\n");
    out.clear();
    auto r = record_of("x\nA:6-6 B:6-7\n", 1);
    cli::render_diagnostic(out, {"a.dgn", {2, 9}, "syntax", "m"}, &r, false);
    EXPECT_EQ(out, "a.dgn:2:9: error[syntax]: m\nA:6-6 B:6-7\n        ^\n");
    EXPECT_EQ(cli::error_label("no-match", "6-2 fits no end"), "error[no-match]: 6-2 fits no end");
    out.clear();
    cli::render_diagnostic_json(out, {9, 3}, "illegal-pass", "B \"passed\"");
    EXPECT_EQ(
        out,
        "{\"line\":9,\"column\":3,\"code\":\"illegal-pass\",\"message\":\"B \\\"passed\\\"\"}");
}

TEST(Json, EscapesQuotesNewlinesAndControls) {
    std::string out;
    cli::append_json_string(out, "say \"hi\"\\\n\r\t\b\f\x01\x1f\x7f \xC3\xA9");
    EXPECT_EQ(out, "\"say \\\"hi\\\"\\\\\\n\\r\\t\\b\\f\\u0001\\u001f\x7f \xC3\xA9\"");
    EXPECT_TRUE(json::accept(out));
}

TEST(Json, InvalidUtf8BecomesReplacementCharacter) {
    std::string out;
    cli::append_json_string(out,
                            "a\xFF"
                            "b\xC3");
    EXPECT_EQ(out,
              "\"a\xEF\xBF\xBD"
              "b\xEF\xBF\xBD\"");
    EXPECT_EQ(json::parse(out).get<std::string>(),
              "a\xEF\xBF\xBD"
              "b\xEF\xBF\xBD");
}

std::vector<std::string> keys(const json& j) {
    std::vector<std::string> k;
    for (const auto& item : j.items()) k.push_back(item.key());
    return k;
}

const std::vector<std::string> kVerdictKeys = {"file",       "record", "line",   "valid",
                                               "unfinished", "hands",  "errors", "unchecked"};
const std::vector<std::string> kErrorKeys = {"line", "column", "code", "message"};

TEST(Json, VerdictLineAsSpecified) {
    checker::Verdict v;
    v.valid = false;
    v.hands = 3;
    v.errors.push_back(
        {{14, 25}, checker::Code::illegal_pass, "B passed holding 4-1, \"which\"\n"});
    v.unchecked = {"pass legality of seat D: no deal"};
    std::string out;
    cli::render_verdict_json(out, "t4.dgn", 1, 1, v);
    EXPECT_EQ(out,
              "{\"file\":\"t4.dgn\",\"record\":1,\"line\":1,\"valid\":false,\"unfinished\":false,"
              "\"hands\":3,\"errors\":[{\"line\":14,\"column\":25,\"code\":\"illegal-pass\","
              "\"message\":\"B passed holding 4-1, \\\"which\\\"\\n\"}],"
              "\"unchecked\":[\"pass legality of seat D: no deal\"]}\n");
    json j = json::parse(out);
    EXPECT_EQ(keys(j), kVerdictKeys);
    EXPECT_EQ(keys(j["errors"][0]), kErrorKeys);
}

// annotate's line: the verdict's fields as check writes them, then the
// record's facts.
const std::vector<std::string> kAnnotateKeys = {
    "file",      "record", "line",    "valid",   "unfinished", "hands", "errors",
    "unchecked", "rules",  "players", "parties", "plies",      "notes", "hand_data"};

TEST(Json, AnnotateLine) {
    checker::Verdict v;
    v.notes.push_back({{3, 7}, "holds no 4"});
    std::string out;
    cli::render_annotate_json(out, "a \"b\".dgn", 2, 5, v);
    EXPECT_EQ(out,
              "{\"file\":\"a \\\"b\\\".dgn\",\"record\":2,\"line\":5,\"valid\":true,"
              "\"unfinished\":false,\"hands\":0,\"errors\":[],\"unchecked\":[],\"rules\":\"\","
              "\"players\":0,\"parties\":[],\"plies\":0,\"notes\":[{\"line\":3,\"column\":7,"
              "\"text\":\"holds no 4\"}],\"hand_data\":[]}\n");
    EXPECT_EQ(keys(json::parse(out)), kAnnotateKeys);
}

TEST(Summary, CountsRecords) {
    cli::Tally t;
    checker::Verdict ok, bad, open;
    bad.valid = false;
    open.unfinished = true;
    t.add(ok);
    t.add(bad);
    t.add(open);
    EXPECT_EQ(cli::summary_line(t), "3 records: 2 valid, 1 invalid, 1 unfinished");
    cli::Tally one;
    one.add(ok);
    EXPECT_EQ(cli::summary_line(one), "1 record: 1 valid, 0 invalid, 0 unfinished");
    // An invalid record that stops early is counted once, as invalid.
    cli::Tally both;
    checker::Verdict bad_open;
    bad_open.valid = false;
    bad_open.unfinished = true;
    both.add(bad_open);
    EXPECT_EQ(cli::summary_line(both), "1 record: 0 valid, 1 invalid, 0 unfinished");
}

// --- the commands as library calls -----------------------------------------

using test::capture;
using test::Captured;

TEST(Commands, FmtPrintsCanonicalRecordsSeparatedByABlankLine) {
    TempDir dir;
    const std::string text =
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\nA:6-6   B:6-5R\n"
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\nA:6-6\n";
    auto file = dir.write("two.dgn", text);
    auto c = capture(dir, [&](const cli::Io& io) { return cli::run_fmt({{file}}, io); });
    EXPECT_EQ(c.code, cli::kExitValid) << c.err;
    EXPECT_EQ(c.out,
              "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\nA:6-6 B:6-5R\n\n"
              "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\nA:6-6\n");
    EXPECT_EQ(c.err, "");
}

TEST(Commands, FmtReportsSyntaxErrorsOnStandardError) {
    TempDir dir;
    auto file = dir.write("bad.dgn", "[Rules \"jamaican\"]\nhand 1\nA:6-6 B:skip\n");
    auto c = capture(dir, [&](const cli::Io& io) { return cli::run_fmt({{file}}, io); });
    EXPECT_EQ(c.code, cli::kExitInvalid);
    EXPECT_NE(c.err.find(file + ":3:"), std::string::npos) << c.err;
    EXPECT_NE(c.err.find("error[syntax]"), std::string::npos) << c.err;
    EXPECT_NE(c.out.find("hand 1\nA:6-6"), std::string::npos) << c.out;
}

TEST(Commands, MissingFileCannotRun) {
    TempDir dir;
    cli::CheckArgs args;
    args.files = {dir.path("no-such-file.dgn")};
    auto c = capture(dir, [&](const cli::Io& io) { return cli::run_check(args, io); });
    EXPECT_EQ(c.code, cli::kExitCannotRun);
    EXPECT_NE(c.err.find("cannot open"), std::string::npos) << c.err;
    auto d = capture(dir, [&](const cli::Io& io) { return cli::run_fmt({{"/"}}, io); });
    EXPECT_EQ(d.code, cli::kExitCannotRun);
}

// --- opening inputs ----------------------------------------------------------

TEST(Input, ReadsAFileOrStandardInput) {
    TempDir dir;
    auto file = dir.write("a.dgn", "hand 1\n");
    std::istringstream stdin_text("from stdin");
    cli::Input f(file, stdin_text);
    ASSERT_EQ(f.error(), nullptr);
    EXPECT_EQ(f.name(), file);
    std::string text;
    EXPECT_TRUE(f.read_all(text));
    EXPECT_EQ(text, "hand 1\n");
    EXPECT_FALSE(f.read_error());
    cli::Input s("-", stdin_text);
    ASSERT_EQ(s.error(), nullptr);
    EXPECT_EQ(s.name(), "<stdin>");
    EXPECT_TRUE(s.read_all(text));
    EXPECT_EQ(text, "from stdin");
}

TEST(Input, MissingFileAndDirectoryAreDiagnostics) {
    TempDir dir;
    std::istringstream none;
    cli::Input missing(dir.path("no-such.dgn"), none);
    ASSERT_NE(missing.error(), nullptr);
    EXPECT_EQ(missing.error()->code, cli::kCannotOpen);
    EXPECT_EQ(missing.error()->file, dir.path("no-such.dgn"));
    EXPECT_EQ(missing.error()->pos, ast::Pos{});
    EXPECT_EQ(missing.error()->message,
              "cannot open '" + dir.path("no-such.dgn") + "': No such file or directory");
    std::string text = "unchanged";
    EXPECT_FALSE(missing.read_all(text));
    EXPECT_EQ(text, "unchanged");

    cli::Input directory(dir.path(""), none);
    ASSERT_NE(directory.error(), nullptr);
    EXPECT_EQ(directory.error()->code, cli::kCannotRead);
    EXPECT_EQ(directory.error()->message, "cannot read '" + dir.path("") + "': is a directory");
}

TEST(Input, SizeOnlyWhenEveryInputIsARegularFile) {
    TempDir dir;
    auto a = dir.write("a.dgn", "12345");
    auto b = dir.write("b.dgn", "678");
    EXPECT_EQ(cli::input_size({a, b}), 8u);
    EXPECT_EQ(cli::input_size({a, "-"}), 0u);
    EXPECT_EQ(cli::input_size({a, dir.path("missing")}), 0u);
    EXPECT_EQ(cli::input_size({a, dir.path("")}), 0u);
}

// --- the executable, end to end --------------------------------------------

// Hand 1 of a generated jamaican match: valid, with every claim.
const std::string kTags =
    "[Event \"cli test\"]\n"
    "[Rules \"jamaican\"]\n"
    "[Players \"Marcus, Desmond, Andre, Kevin\"]\n"
    "[Result \"*\"]\n"
    "\n";
const std::string kDeals =
    "hand 1\n"
    "deal A 1-3 4-2 5-3 0-0 6-0 2-1 1-0\n"
    "deal B 5-5 4-4 1-1 5-2 3-3 4-3 4-1\n"
    "deal C 5-4 0-4 6-5 6-2 5-0 3-2 2-0\n"
    "deal D 1-5 6-1 3-0 6-6 6-3 2-2 6-4\n";
const std::string kValid = kTags + kDeals +
                           "D:6-6 A:0-6R B:pass C:2-6L D:3-0 A:3-1 B:5-2 C:0-5L D:1-6R A:0-0L "
                           "B:pass\n"
                           "C:5-6R D:5-1R A:0-1R B:pass C:4-0R D:4-6R A:pass B:pass C:0-2L D:6-3R "
                           "A:2-4L\n"
                           "B:3-4L C:3-2 D:2-2L\n"
                           "end domino D\n"
                           "points AC 0 BD 1\n"
                           "score AC 0 BD 1\n";
// The second ply labelled B where A is to play: wrong-seat on line 11, column 7.
const std::string kWrongSeat = kTags + kDeals +
                               "D:6-6 B:0-6R B:pass C:2-6L\n"
                               "end domino D\n";
// Stops after three plies: valid but unfinished.
const std::string kUnfinished = kTags + kDeals + "D:6-6 A:0-6R B:pass\n";
const std::string kSyntax = kTags + "hand 1\nD:6-6 A:skip\n";

struct ExeRun {
    int code = -1;
    std::string out, err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Runs `pips ARGS` through the shell (so ARGS may redirect stdin).
ExeRun pips(const TempDir& dir, const std::string& args) {
    ExeRun r;
    std::string err = dir.path("pips.stderr");
    std::string cmd = quote(PIPS_EXE) + " " + args + " 2>" + quote(err);
    std::FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = slurp(err);
    return r;
}

std::vector<json> json_lines(const std::string& out) {
    std::vector<json> v;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) v.push_back(json::parse(line));
    return v;
}

TEST(PipsExe, ValidRecordExitsZeroAndPrintsNothing) {
    TempDir dir;
    auto f = dir.write("valid.dgn", kValid);
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "1 record: 1 valid, 0 invalid, 0 unfinished\n");
    ExeRun q = pips(dir, "check --quiet " + quote(f));
    EXPECT_EQ(q.code, 0);
    EXPECT_EQ(q.err, "");
}

TEST(PipsExe, InvalidRecordExitsOneWithADiagnostic) {
    TempDir dir;
    auto f = dir.write("wrong-seat.dgn", kWrongSeat);
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_EQ(r.out.rfind(f + ":11:7: error[wrong-seat]: ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("\nD:6-6 B:0-6R B:pass C:2-6L\n      ^\n"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "1 record: 0 valid, 1 invalid, 0 unfinished\n");
}

TEST(PipsExe, JsonLinesHaveTheSpecifiedShape) {
    TempDir dir;
    auto f = dir.write("two.dgn", kValid + "\n" + kWrongSeat);
    ExeRun r = pips(dir, "check --format json " + quote(f));
    EXPECT_EQ(r.code, 1) << r.err;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    for (const auto& j : lines) {
        EXPECT_EQ(keys(j), kVerdictKeys) << j.dump();
        EXPECT_EQ(j["file"], f);
        for (const auto& e : j["errors"]) EXPECT_EQ(keys(e), kErrorKeys);
    }
    EXPECT_EQ(lines[0]["record"], 1);
    EXPECT_EQ(lines[0]["line"], 1);
    EXPECT_EQ(lines[0]["valid"], true);
    EXPECT_EQ(lines[0]["unfinished"], false);
    EXPECT_EQ(lines[0]["hands"], 1);
    EXPECT_EQ(lines[0]["errors"].size(), 0u);
    const int second = 1 + static_cast<int>(std::count(kValid.begin(), kValid.end(), '\n')) + 1;
    EXPECT_EQ(lines[1]["record"], 2);
    EXPECT_EQ(lines[1]["line"], second);
    EXPECT_EQ(lines[1]["valid"], false);
    ASSERT_GE(lines[1]["errors"].size(), 1u);
    EXPECT_EQ(lines[1]["errors"][0]["code"], "wrong-seat");
    EXPECT_EQ(lines[1]["errors"][0]["line"], second + 10);
    EXPECT_EQ(lines[1]["errors"][0]["column"], 7);
}

TEST(PipsExe, StandardInputAndUnfinishedRecords) {
    TempDir dir;
    auto f = dir.write("open.dgn", kUnfinished);
    ExeRun r = pips(dir, "check --format json - < " + quote(f));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["file"], "<stdin>");
    EXPECT_EQ(lines[0]["valid"], true);
    EXPECT_EQ(lines[0]["unfinished"], true);
    EXPECT_EQ(r.err, "1 record: 1 valid, 0 invalid, 1 unfinished\n");
}

TEST(PipsExe, SyntaxErrorIsInvalid) {
    TempDir dir;
    auto f = dir.write("syntax.dgn", kSyntax);
    ExeRun r = pips(dir, "check --format json " + quote(f));
    EXPECT_EQ(r.code, 1) << r.err;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    ASSERT_GE(lines[0]["errors"].size(), 1u);
    EXPECT_EQ(lines[0]["errors"][0]["code"], "syntax");
    EXPECT_EQ(lines[0]["errors"][0]["line"], 7);
}

TEST(PipsExe, CouldNotRunExitsTwo) {
    TempDir dir;
    auto f = dir.write("valid.dgn", kValid);
    EXPECT_EQ(pips(dir, "check " + quote(dir.path("missing.dgn"))).code, 2);
    EXPECT_EQ(pips(dir, "check " + quote(f) + " " + quote(dir.path("missing.dgn"))).code, 2);
    EXPECT_EQ(pips(dir, "check --format xml " + quote(f)).code, 2);
    EXPECT_EQ(pips(dir, "check --no-such-option " + quote(f)).code, 2);
    EXPECT_EQ(pips(dir, "check").code, 2);
    EXPECT_EQ(pips(dir, "").code, 2);
    EXPECT_EQ(pips(dir, "frobnicate").code, 2);
}

TEST(PipsExe, HelpAndVersion) {
    TempDir dir;
    ExeRun v = pips(dir, "--version");
    EXPECT_EQ(v.code, 0);
    EXPECT_EQ(v.out.rfind("pips ", 0), 0u) << v.out;
    ExeRun h = pips(dir, "check --help");
    EXPECT_EQ(h.code, 0);
    EXPECT_NE(h.out.find("pips check"), std::string::npos) << h.out;
}

TEST(PipsExe, FmtOutputReparsesToTheSameText) {
    TempDir dir;
    auto f = dir.write("valid.dgn", kValid);
    ExeRun r = pips(dir, "fmt " + quote(f));
    EXPECT_EQ(r.code, 0) << r.err;
    auto g = dir.write("formatted.dgn", r.out);
    ExeRun again = pips(dir, "fmt " + quote(g));
    EXPECT_EQ(again.out, r.out);
}

TEST(PipsExe, AnnotateJsonShape) {
    TempDir dir;
    auto f = dir.write("two.dgn", kValid + "\n" + kWrongSeat);
    ExeRun r = pips(dir, "annotate --format json " + quote(f));
    EXPECT_EQ(r.code, 1) << r.err;
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 2u);
    for (const auto& j : lines) {
        EXPECT_EQ(keys(j), kAnnotateKeys);
        for (const auto& n : j["notes"])
            EXPECT_EQ(keys(n), (std::vector<std::string>{"line", "column", "text"}));
    }
    ExeRun d = pips(dir, "annotate " + quote(f));
    EXPECT_EQ(d.code, 1);
    EXPECT_NE(d.out.find("error[wrong-seat]"), std::string::npos) << d.out;
}

TEST(PipsExe, AnnotateCsvWritesAHeaderAndARowPerPly) {
    TempDir dir;
    auto f = dir.write("two.dgn", kValid + "\n" + kWrongSeat);
    ExeRun j = pips(dir, "annotate --format json " + quote(f));
    ExeRun r = pips(dir, "annotate --format csv " + quote(f));
    EXPECT_EQ(r.code, 1) << r.err;
    auto lines = json_lines(j.out);
    ASSERT_EQ(lines.size(), 2u);
    const std::size_t plies =
        lines[0]["plies"].get<std::size_t>() + lines[1]["plies"].get<std::size_t>();
    EXPECT_EQ(plies, 25u + 2u);  // kWrongSeat stops at its second ply
    std::size_t rows = 0;
    for (char c : r.out) rows += c == '\n';
    EXPECT_EQ(rows, plies + 1);
    EXPECT_EQ(r.out.rfind("file,record,rules,hand,ply,", 0), 0u) << r.out;
    // D poses 6-6 in the first record: the rules field is quoted (a comma).
    EXPECT_NE(r.out.find(",1,\"jamaican, 4 players\",1,1,11,1,pose,false,D,true,6-6,"),
              std::string::npos)
        << r.out;
}

TEST(PipsExe, FmtLabelWritesTheSeatsTheReplayFixes) {
    TempDir dir;
    std::string unlabelled = kValid;
    for (char s : {'A', 'B', 'C', 'D'})
        for (std::size_t at; (at = unlabelled.find(std::string{s, ':'})) != std::string::npos;)
            unlabelled.erase(at, 2);
    auto f = dir.write("bare.dgn", unlabelled);
    ExeRun plain = pips(dir, "fmt " + quote(f));
    EXPECT_EQ(plain.code, 0) << plain.err;
    EXPECT_EQ(plain.out.find("D:6-6"), std::string::npos) << plain.out;
    ExeRun r = pips(dir, "fmt --label " + quote(f));
    EXPECT_EQ(r.code, 0) << r.err;
    auto g = dir.write("labelled.dgn", kValid);
    EXPECT_EQ(r.out, pips(dir, "fmt " + quote(g)).out);
    // A hand whose labels the replay cannot fix (a wrong pose) stays as it is.
    std::string broken = unlabelled;
    broken.replace(broken.find("6-6"), 3, "1-4");
    auto b = dir.write("broken.dgn", broken);
    EXPECT_EQ(pips(dir, "fmt --label " + quote(b)).out, pips(dir, "fmt " + quote(b)).out);
}

// perft reports through the same renderer as check: located problems carry
// their code and the source line; problems with the input are `pips: error:`.
TEST(PipsExe, PerftDiagnosticsCarryTheirCode) {
    TempDir dir;
    auto ok = dir.write("deal.dgn", kTags + kDeals);
    ExeRun r = pips(dir, "perft --depth 1 " + quote(ok));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("depth 1: ", 0), 0u) << r.out;

    auto twice = dir.write("twice.dgn", kTags + kDeals + "deal A 1-3 4-2 5-3 0-0 6-0 2-1 1-0\n");
    r = pips(dir, "perft --depth 1 " + quote(twice));
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind(twice + ":11:1: error[bad-deal]: a second deal for A\n", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("\ndeal A 1-3 4-2 5-3 0-0 6-0 2-1 1-0\n^\n"), std::string::npos) << r.err;

    auto syntax = dir.write("syntax.dgn", kSyntax);
    r = pips(dir, "perft --depth 1 " + quote(syntax));
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind(syntax + ":7:9: error[syntax]: expected a tile", 0), 0u) << r.err;

    r = pips(dir, "perft --depth 1 " + quote(dir.path("missing.dgn")));
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("pips: error: cannot open '" + dir.path("missing.dgn") + "': ", 0), 0u)
        << r.err;
    r = pips(dir, "perft --depth 1 " + quote(dir.path("")));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is a directory"), std::string::npos) << r.err;
}

// --- command-line manners ---------------------------------------------------

TEST(PipsExe, UnknownOptionSuggestsTheNearestOfItsSubcommand) {
    TempDir dir;
    ExeRun r = pips(dir, "check --formt json x.dgn");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("pips: unknown option '--formt'; did you mean '--format'?\n"),
              std::string::npos)
        << r.err;
    r = pips(dir, "analyze --max-node=5 x.dgn");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("pips: unknown option '--max-node'; did you mean '--max-nodes'?\n"),
              std::string::npos)
        << r.err;
    // Nothing near enough: CLI11's message alone.
    r = pips(dir, "check --zzzzzz x.dgn");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << r.err;
}

TEST(PipsExe, UnknownSubcommandSuggestsTheNearestAndShowsUsage) {
    TempDir dir;
    ExeRun r = pips(dir, "chek x.dgn");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("pips: error: unknown subcommand 'chek'; did you mean 'check'?\n"
                          "usage: pips SUBCOMMAND",
                          0),
              0u)
        << r.err;
    EXPECT_NE(r.err.find("\n  annotate "), std::string::npos) << r.err;
    // Nothing near enough: no suggestion, the usage all the same.
    r = pips(dir, "frobnicate");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("pips: error: unknown subcommand 'frobnicate'\nusage: ", 0), 0u) << r.err;
    r = pips(dir, "annotat x.dgn");
    EXPECT_NE(r.err.find("did you mean 'annotate'?"), std::string::npos) << r.err;
}

TEST(PipsExe, BarePipsPrintsUsage) {
    TempDir dir;
    ExeRun r = pips(dir, "");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("usage: pips SUBCOMMAND", 0), 0u) << r.err;
    for (const char* sub : {"check", "fmt", "annotate", "generate", "rescore", "perft"})
        EXPECT_NE(r.err.find(std::string("\n  ") + sub + " "), std::string::npos) << sub;
    EXPECT_EQ(r.err.find("A subcommand is required"), std::string::npos) << r.err;
}

// A bad --rules is a bad argument, said once before any record is read.
TEST(PipsExe, RescoreBadRulesIsOneArgumentError) {
    TempDir dir;
    auto f = dir.write("two.dgn", kValid + "\n" + kValid + "\n" + kValid);
    ExeRun r = pips(dir, "rescore --rules bogus " + quote(f) + " " + quote(f));
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "pips: error: --rules bogus: unknown rule set 'bogus'; expected one of jamaican, "
              "cutthroat, french, chiva, quinientos, fives-threes\n");
    r = pips(dir, "rescore --rules chiva:nope " + quote(f));
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("'nope'"), std::string::npos) << r.err;
}

// Every row of a rescore report puts its `|` in the same column, however wide
// an outcome is.
TEST(PipsExe, RescoreColumnsLineUp) {
    TempDir dir;
    auto f = dir.write("c.dgn",
                       "[Rules \"cutthroat\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
                       "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\ndeal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
                       "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\ndeal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
                       "A:6-6 B:6-4R C:6-3L D:4-1R A:6-1R B:1-0R C:3-5L D:0-0R\n");
    ExeRun r = pips(dir, "rescore --rules jamaican " + quote(f) + " " + quote(f));
    ASSERT_NE(r.code, 2) << r.err;
    std::istringstream in(r.out);
    std::string line;
    std::size_t column = std::string::npos;
    int rows = 0;
    while (std::getline(in, line)) {
        if (line.rfind("  hand ", 0) != 0) continue;
        ++rows;
        const std::size_t bar = line.find(" | ");
        ASSERT_NE(bar, std::string::npos) << line;
        if (column == std::string::npos) column = bar;
        EXPECT_EQ(bar, column) << r.out;
    }
    EXPECT_EQ(rows, 2) << r.out;
}

// Control characters and bytes that are not UTF-8 are shown escaped in the
// echoed source line, with the caret under the escaped word.
TEST(Diagnostic, NonPrintableBytesAreEscapedInTheSourceLine) {
    auto r = record_of("A:6-6 \x01 \xff B:7-7\n", 1);
    std::string out;
    cli::render_diagnostic(out, "f", r, {1, 11}, "syntax", "m", false);
    EXPECT_EQ(out,
              "f:1:11: error[syntax]: m\n"
              "A:6-6 \\x01 \\xff B:7-7\n"
              "                ^\n");
    out.clear();
    cli::render_diagnostic(out, "f", r, {1, 7}, "syntax", "m", false);
    EXPECT_EQ(out.substr(out.find('\n') + 1), "A:6-6 \\x01 \\xff B:7-7\n      ^\n");
    // Printable UTF-8 is shown as it is.
    out.clear();
    auto u = record_of("B:\xC3\xA9 \x7f 6-4\n", 1);
    cli::render_diagnostic(out, "f", u, {1, 7}, "syntax", "m", false);
    EXPECT_EQ(out.substr(out.find('\n') + 1), "B:\xC3\xA9 \\x7f 6-4\n         ^\n");
}

// fmt and annotate draw the progress line of a large input as check does:
// on a terminal, cleared at the end; not when standard error is a file.
TEST(Progress, FmtAndAnnotateOnATerminal) {
    int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
        if (master >= 0) ::close(master);
        GTEST_SKIP() << "no pseudo-terminal here";
    }
    const char* name = ::ptsname(master);
    ASSERT_NE(name, nullptr);
    TempDir dir;
    const auto file = dir.write("two.dgn", kValid + "\n" + kValid);
    for (int which = 0; which < 4; ++which) {
        const bool on_terminal = which < 2;
        std::FILE* err = std::fopen(on_terminal ? name : dir.path("err").c_str(), "w");
        ASSERT_NE(err, nullptr);
        std::FILE* out = std::fopen(dir.path("out").c_str(), "wb");
        cli::Io io;
        io.out = out;
        io.err = err;
        if (which % 2 == 0) {
            cli::FmtArgs args;
            args.files = {file};
            args.progress_min_bytes = 0;
            EXPECT_EQ(cli::run_fmt(args, io), cli::kExitValid);
        } else {
            cli::AnnotateArgs args;
            args.files = {file};
            args.progress_min_bytes = 0;
            EXPECT_EQ(cli::run_annotate(args, io), cli::kExitValid);
        }
        std::fclose(out);
        std::fclose(err);
        std::string seen;
        if (on_terminal) {
            int flags = ::fcntl(master, F_GETFL);
            ::fcntl(master, F_SETFL, flags | O_NONBLOCK);
            char buf[4096];
            for (;;) {
                ssize_t n = ::read(master, buf, sizeof buf);
                if (n <= 0) break;
                seen.append(buf, static_cast<std::size_t>(n));
            }
            EXPECT_EQ(seen.rfind("\rpips: ", 0), 0u) << which << ": " << seen;
            EXPECT_NE(seen.find(" record"), std::string::npos) << seen;
            EXPECT_EQ(seen.substr(seen.size() - 4), "\r\x1b[K") << seen;  // cleared
        } else {
            EXPECT_EQ(slurp(dir.path("err")), "") << which;
        }
        EXPECT_EQ(slurp(dir.path("out")).substr(0, 13), "[Event \"cli t") << which;
    }
    ::close(master);
}

// annotate twice gives what annotate once gave; fmt --strip-annotations
// takes the notes out again. Also for a record with syntax errors.
TEST(PipsExe, AnnotateIsIdempotentAndFmtStripsItsNotes) {
    TempDir dir;
    for (const std::string& text :
         {kValid + "\n" + kWrongSeat, kSyntax, kSyntax + "\n" + kValid + "\n" + kSyntax}) {
        auto f = dir.write("in.dgn", text);
        ExeRun once = pips(dir, "annotate " + quote(f));
        EXPECT_NE(once.out.find("pips: error["), std::string::npos) << once.out;
        auto g = dir.write("once.dgn", once.out);
        ExeRun twice = pips(dir, "annotate " + quote(g));
        EXPECT_EQ(twice.out, once.out);
        ExeRun plain = pips(dir, "fmt " + quote(f));
        ExeRun stripped = pips(dir, "fmt --strip-annotations " + quote(g));
        EXPECT_EQ(stripped.out, plain.out);
        EXPECT_EQ(stripped.out.find("pips:"), std::string::npos) << stripped.out;
    }
}

// An unclosed `{` ends where the next record begins: one error, and the
// next record is checked (and printed by fmt) as if the `{` were not there.
TEST(PipsExe, UnclosedBraceSwallowsOnlyTheRestOfItsRecord) {
    TempDir dir;
    auto f = dir.write("two.dgn", kTags + "hand 1\nD:6-6 A:6-0R { unclosed\nB:pass\n\n" + kValid);
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '^'), 1) << r.out;
    EXPECT_NE(r.out.find(":7:14: error[syntax]: expected '}'"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "2 records: 1 valid, 1 invalid, 0 unfinished\n");
    ExeRun fmt = pips(dir, "fmt " + quote(f));
    EXPECT_EQ(fmt.code, 1);
    EXPECT_NE(fmt.out.find("{ unclosed\nB:pass\n\n[Event"), std::string::npos) << fmt.out;
}

// --- clang-grade diagnostics: fix-its, notes, colour ------------------------

// A near miss gets "did you mean" in its message and the text meant under
// the word it replaces.
TEST(Diagnostics, NearMissesOfPlyWordsHaveAFixIt) {
    TempDir dir;
    auto f = dir.write("near.dgn", kTags + "hand 1\nA:6-6 B:6-3l c:3-2L D:6_5 A:65\n");
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find(":7:12: error[syntax]: expected an end letter (L, R, N, E, S, W) or '+N' "
                         "after the tile, found 'l'; did you mean 'L'?\n"
                         "A:6-6 B:6-3l c:3-2L D:6_5 A:65\n"
                         "           ^\n"
                         "           L\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("found 'c:3-2L'; did you mean 'C:3-2L'?\n"
                         "A:6-6 B:6-3l c:3-2L D:6_5 A:65\n"
                         "             ^\n"
                         "             C:3-2L\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("found '6_5'; did you mean '6-5'?\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("found '65'; did you mean '6-5'?\n"), std::string::npos) << r.out;
    // Seats and sides in lower case on the other lines.
    auto lines = dir.write("lines.dgn", kTags +
                                            "hand 1\ndeal a 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"
                                            "A:6-6\nend domino c\npoints ac 1\n");
    ExeRun l = pips(dir, "check " + quote(lines));
    EXPECT_NE(l.out.find("found 'a'; did you mean 'A'?\ndeal a 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"
                         "     ^\n     A\n"),
              std::string::npos)
        << l.out;
    EXPECT_NE(l.out.find("found 'c'; did you mean 'C'?\n"), std::string::npos) << l.out;
    EXPECT_NE(l.out.find("found 'ac'; did you mean 'AC'?\n"), std::string::npos) << l.out;
    // No fix-it where nothing near is meant.
    auto g = dir.write("far.dgn", kTags + "hand 1\nA:6-6 B:skip e:6-5 B:6_7\n");
    ExeRun far = pips(dir, "check " + quote(g));
    EXPECT_EQ(far.out.find("did you mean"), std::string::npos) << far.out;
    // In a deal line too, and in pips fmt's report of syntax errors.
    auto h = dir.write("deal.dgn", kTags + "hand 1\ndeal A 6-6 6_5 1-1\n");
    ExeRun fmt = pips(dir, "fmt " + quote(h));
    EXPECT_NE(fmt.err.find("found '6_5'; did you mean '6-5'?\ndeal A 6-6 6_5 1-1\n"
                           "           ^\n           6-5\n"),
              std::string::npos)
        << fmt.err;
}

TEST(Diagnostics, RuleSetAndOptionNamesOneEditAwayHaveAFixIt) {
    TempDir dir;
    auto f =
        dir.write("rules.dgn", "[Rules \"Jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\nA:6-6\n");
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.out, f + ":1:1: error[bad-tag]: unknown rule set 'Jamaican'; did you mean "
                         "'jamaican'?\n"
                         "[Rules \"Jamaican\"]\n"
                         "^\n"
                         "        jamaican\n");
    auto g =
        dir.write("options.dgn",
                  "[Rules \"quinientos\"]\n[Players \"a, b, c, d\"]\n[Options \"bonus capcu\"]\n"
                  "\nhand 1\nA:6-6\n");
    ExeRun o = pips(dir, "check " + quote(g));
    EXPECT_NE(o.out.find(":3:1: error[bad-tag]: unknown option 'capcu' for quinientos; did you "
                         "mean 'capicu'?\n[Options \"bonus capcu\"]\n^\n"),
              std::string::npos)
        << o.out;
    EXPECT_NE(o.out.find("\n                capicu\n"), std::string::npos) << o.out;
    // Two edits away, or near two names: the list of known names, no fix-it.
    auto h = dir.write("far.dgn", "[Rules \"jamaicaan x\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n");
    ExeRun far = pips(dir, "check " + quote(h));
    EXPECT_NE(far.out.find("unknown rule set 'jamaicaan x'; expected one of"), std::string::npos)
        << far.out;
    EXPECT_EQ(far.out.find("did you mean"), std::string::npos) << far.out;
}

// JSON: the errors keep their four keys; a fix-it adds "fixit", notes add
// "notes", and an error without them has neither.
TEST(Diagnostics, JsonFixItIsAnOptionalKey) {
    TempDir dir;
    auto f = dir.write("near.dgn", kTags + "hand 1\nA:6-6 B:skip c:3-2L\n");
    ExeRun r = pips(dir, "check --format json " + quote(f));
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    const auto& errors = lines[0]["errors"];
    ASSERT_EQ(errors.size(), 2u) << r.out;
    EXPECT_FALSE(errors[0].contains("fixit"));
    EXPECT_FALSE(errors[0].contains("notes"));
    EXPECT_EQ(errors[1]["line"], 7);
    EXPECT_EQ(errors[1]["column"], 14);
    EXPECT_EQ(errors[1]["code"], "syntax");
    EXPECT_EQ(errors[1]["fixit"],
              json::parse(R"({"line":7,"column":14,"length":6,"text":"C:3-2L"})"));
}

// --color: auto colours a terminal only (the tests' pipes never), always
// colours whatever the output is, also with NO_COLOR set, and never does not.
TEST(Diagnostics, ColorAutoAlwaysNever) {
    TempDir dir;
    // A wrong seat, a note and a fix-it, all coloured.
    auto f = dir.write("bad.dgn", kWrongSeat + "\n" + kTags + "hand 1\nA:6-6 B:6-3L C:3-6R\n\n" +
                                      kTags + "hand 1\nA:6-6 b:6-5L\n");
    const std::string esc = "\x1b[";
    ExeRun automatic = pips(dir, "check " + quote(f));
    EXPECT_NE(automatic.out.find("note: 6-3 was played here"), std::string::npos);
    EXPECT_NE(automatic.out.find("did you mean 'B:6-5L'?"), std::string::npos);
    EXPECT_EQ(automatic.out.find(esc), std::string::npos) << automatic.out;
    ExeRun always = pips(dir, "check --color always " + quote(f));
    EXPECT_NE(always.out.find(esc), std::string::npos) << always.out;
    ::setenv("NO_COLOR", "1", 1);
    ExeRun no_color = pips(dir, "check --color=always " + quote(f));
    ::unsetenv("NO_COLOR");
    EXPECT_EQ(no_color.out, always.out);
    ExeRun never = pips(dir, "check --color never " + quote(f));
    EXPECT_EQ(never.out, automatic.out);
    ExeRun bad = pips(dir, "check --color sometimes " + quote(f));
    EXPECT_EQ(bad.code, 2);
    // Stripped of its escapes, the coloured output is the plain one.
    std::string plain;
    for (std::size_t i = 0; i < always.out.size(); ++i) {
        if (always.out.compare(i, esc.size(), esc) == 0) {
            i = always.out.find('m', i);
            continue;
        }
        plain += always.out[i];
    }
    EXPECT_EQ(plain, automatic.out);
}

// The line of `out` that starts with `head`, and the two after it (the
// source line and the caret), or empty.
std::string three_lines_from(const std::string& out, const std::string& head) {
    std::size_t at = out.find(head);
    if (at == std::string::npos) return {};
    std::size_t end = at;
    for (int i = 0; i < 3 && end != std::string::npos; ++i) end = out.find('\n', end + 1);
    return out.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
}

const std::string kFour = "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n";

// A note points at the other place an error involves, with its own source
// line and caret, after the error's.
TEST(Diagnostics, NotesPointAtTheOtherPlace) {
    TempDir dir;
    // A tile played twice, the second time written low half first.
    auto twice = dir.write("twice.dgn", kFour + "A:6-6 B:6-3L\nC:3-6R\n");
    ExeRun r = pips(dir, "check " + quote(twice));
    EXPECT_EQ(r.out, twice +
                         ":6:3: error[not-in-hand]: 3-6 is already on the layout\nC:3-6R\n  ^\n" +
                         twice + ":5:9: note: 6-3 was played here\nA:6-6 B:6-3L\n        ^\n");
    // A pass that a later play proves illegal: the error at the pass, the
    // note at the play.
    auto pass = dir.write("pass.dgn", kFour + "A:6-6\nB:pass\nC:6-2L D:6-5R A:5-3R\nB:6-3L\n");
    r = pips(dir, "check " + quote(pass));
    EXPECT_EQ(three_lines_from(r.out, pass + ":8:3: note: "),
              pass + ":8:3: note: proven by B's 6-3 here\nB:6-3L\n  ^\n")
        << r.out;
    EXPECT_EQ(r.out.rfind(pass + ":6:3: error[illegal-pass]: ", 0), 0u) << r.out;
    // The deal that holds a tile another seat plays.
    const std::string deals =
        "deal A 6-6 5-3 5-1 4-2 3-0 2-0 1-0\n"
        "deal B 6-4 6-3 6-0 5-4 4-0 2-2 1-1\n"
        "deal C 6-2 6-1 5-5 5-2 3-2 2-1 0-0\n"
        "deal D 6-5 5-0 4-4 4-3 4-1 3-3 3-1\n";
    auto dealt = dir.write("dealt.dgn", kFour + deals + "A:6-6 B:6-4L C:4-4R\n");
    r = pips(dir, "check " + quote(dealt));
    EXPECT_EQ(r.out, dealt +
                         ":9:16: error[not-in-hand]: 4-4 is in D's hand, not C's\n"
                         "A:6-6 B:6-4L C:4-4R\n               ^\n" +
                         dealt +
                         ":8:16: note: D was dealt 4-4 here\n"
                         "deal D 6-5 5-0 4-4 4-3 4-1 3-3 3-1\n               ^\n");
    // No note where no other place is involved: a tile that fits no end.
    auto none = dir.write("none.dgn", kFour + "A:6-6 B:6-3L C:3-2L D:6-2R A:2-1R B:2-2R\n");
    r = pips(dir, "check " + quote(none));
    EXPECT_NE(r.out.find("error[no-match]: 2-2 does not fit the right end (1)"), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("note:"), std::string::npos) << r.out;
}

// bad-deal is reported at the tile at fault, as written, with a note at the
// deal that holds it; a count error stays at the keyword.
TEST(Diagnostics, BadDealAtTheTileAtFault) {
    TempDir dir;
    auto f = dir.write("deal.dgn", kFour +
                                       "deal A 6-6 6-3 5-1 4-2 3-0 2-0 1-0\n"
                                       "deal B 6-4 3-6 6-0 5-4 4-0 2-2 1-1\n");
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.out, f +
                         ":6:12: error[bad-deal]: 3-6 is dealt twice: A was dealt it too\n"
                         "deal B 6-4 3-6 6-0 5-4 4-0 2-2 1-1\n           ^\n" +
                         f +
                         ":5:12: note: A was dealt 6-3 here\n"
                         "deal A 6-6 6-3 5-1 4-2 3-0 2-0 1-0\n           ^\n");
    auto g = dir.write("short.dgn", kFour + "deal A 6-6 6-3 5-1 4-2 3-0 2-0\n");
    r = pips(dir, "check " + quote(g));
    EXPECT_EQ(r.out.rfind(g + ":5:1: error[bad-deal]: A is dealt 6 tiles; jamaican, 4 players "
                              "deals 7\n",
                          0),
              0u)
        << r.out;
    EXPECT_EQ(r.out.find("note:"), std::string::npos) << r.out;
}

// A wrong count of tiles names the player count the deals show when the
// Players tag names another, with a note at the tag.
TEST(Diagnostics, PlayerCountTheDealsShow) {
    TempDir dir;
    auto f = dir.write("three.dgn",
                       "[Rules \"cutthroat\"]\n[Players \"a, b, c\"]\n\nhand 1\n"
                       "deal A 6-6 5-3 5-1 4-2 3-0 2-0 1-0\n"
                       "deal B 6-4 6-3 6-0 5-4 4-0 2-2 1-1\n"
                       "deal C 6-2 6-1 5-5 5-2 3-2 2-1 0-0\n"
                       "deal D 6-5 5-0 4-4 4-3 4-1 3-3 3-1\n");
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.out, f +
                         ":5:1: error[bad-deal]: A is dealt 7 tiles; cutthroat, 3 players deals 9; "
                         "the deals show 4 players (7 tiles each), the Players tag names 3\n"
                         "deal A 6-6 5-3 5-1 4-2 3-0 2-0 1-0\n^\n" +
                         f +
                         ":2:10: note: the Players tag names 3 players\n"
                         "[Players \"a, b, c\"]\n         ^\n");
    // Four players named, three seats dealt 9 each: the deals show 3.
    auto g = dir.write("four.dgn",
                       "[Rules \"cutthroat\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
                       "deal A 6-6 5-3 5-1 4-2 3-0 2-0 1-0 6-5 5-0\n"
                       "deal B 6-4 6-3 6-0 5-4 4-0 2-2 1-1 4-4 4-3\n"
                       "deal C 6-2 6-1 5-5 5-2 3-2 2-1 3-3 4-1 3-1\n");
    r = pips(dir, "check " + quote(g));
    EXPECT_NE(r.out.find("A is dealt 9 tiles; cutthroat, 4 players deals 7; the deals show 3 "
                         "players (9 tiles each), the Players tag names 4\n"),
              std::string::npos)
        << r.out;
}

// JSON: notes are an optional key of an error, each with its own position.
TEST(Diagnostics, JsonNotesAreAnOptionalKey) {
    TempDir dir;
    auto f = dir.write("twice.dgn", kFour + "A:6-6 B:6-3L\nC:3-6R\n");
    ExeRun r = pips(dir, "check --format json " + quote(f));
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["errors"], json::parse(R"([{"line":6,"column":3,"code":"not-in-hand",
                  "message":"3-6 is already on the layout",
                  "notes":[{"line":5,"column":9,"message":"6-3 was played here"}]}])"));
}

// Claim errors say how the rules got their number.
TEST(Diagnostics, ClaimErrorsSayHowTheRulesGotTheirNumber) {
    TempDir dir;
    // A Jamaican reset: BD, at 0, wins while AC has points.
    auto reset = dir.write("reset.dgn", kFour +
                                            "end domino A\nscore AC 1 BD 0\n\nhand 2\n"
                                            "end domino B\npoints BD 1\nscore AC 1 BD 1\n");
    ExeRun r = pips(dir, "check " + quote(reset));
    EXPECT_NE(r.out.find(":11:10: error[score-mismatch]: after hand 2 (BD, at 0, won while AC "
                         "had 1 point: the score resets), AC has 0, not 1\n"),
              std::string::npos)
        << r.out;
    // A score that was not reset: the score before and the hand's points.
    auto sum = dir.write("sum.dgn", kFour +
                                        "end domino A\nscore AC 1 BD 0\n\nhand 2\n"
                                        "end domino C\npoints AC 1\nscore AC 1 BD 0\n");
    r = pips(dir, "check " + quote(sum));
    EXPECT_NE(r.out.find(":11:10: error[score-mismatch]: after hand 2 AC "
                         "has 2 (1 + 1 in hand 2), not 1\n"),
              std::string::npos)
        << r.out;
    // Fives and threes: the claim stands by the points, the sum after them.
    auto ft = dir.write("ft.dgn",
                        "[Rules \"fives-threes\"]\n[Players \"a, b\"]\n\nhand 1\n"
                        "A:6-0 +2 B:6-6L +3\n");
    r = pips(dir, "check " + quote(ft));
    EXPECT_NE(r.out.find(":5:17: error[points-mismatch]: 6-6 scores 4, not 3: the open ends add "
                         "up to 12\n"),
              std::string::npos)
        << r.out;
    // A domino claimed on a hand that is not over: why not.
    auto dom = dir.write("dom.dgn", kFour + "A:6-6 B:6-3L\nend domino A\n");
    r = pips(dir, "check " + quote(dom));
    EXPECT_NE(r.out.find(":6:1: error[end-mismatch]: hand 1 is not over: A still holds 6 tiles\n"),
              std::string::npos)
        << r.out;
    auto pts = dir.write("pts.dgn", kFour + "A:6-6 B:6-3L\npoints AC 1\n");
    r = pips(dir, "check " + quote(pts));
    EXPECT_NE(r.out.find(":6:1: error[end-mismatch]: hand 1 is not over: nobody has played out "
                         "(tiles left: A 6, B 6, C 7, D 7) and no block is shown\n"),
              std::string::npos)
        << r.out;
}

// French points against: the count, its doubling and the penalties.
TEST(Diagnostics, FrenchPointsArePipsDoublingsAndPenalties) {
    TempDir dir;
    const std::string record =
        "[Rules \"french\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
        "deal A 6-6 6-3 6-2 4-2 4-0 3-1 2-0\n"
        "deal B 5-5 5-0 4-3 4-1 3-3 3-2 2-1\n"
        "deal C 6-0 5-4 5-3 5-2 4-4 2-2 1-0\n"
        "deal D 6-5 6-4 6-1 5-1 3-0 1-1 0-0\n"
        "D:0-0 A:4-0N B:5-0E C:6-0S D:3-0W A:6-6S B:pass C:4-4N\n"
        "D:6-4S A:4-2N B:5-5E C:2-2N D:6-5E A:2-0N B:3-3W C:5-3W\n"
        "D:5-1W A:6-2E B:3-2E C:5-4S D:1-1W A:3-1E B:2-1W C:1-0N\n"
        "D:6-1E\n"
        "end domino D\n";
    auto f = dir.write("french.dgn", record + "points A 9 B 12 C 7 D 10\n");
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_NE(r.out.find(":14:14: error[points-mismatch]: B scores 22 in hand 1, not 12: D played "
                         "their last tile; B has 12 pips + 10 penalty\n"),
              std::string::npos)
        << r.out;
    // The seat that played out scores its penalties only; none here.
    EXPECT_NE(r.out.find("error[points-mismatch]: D scores 0 in hand 1, not 10: D played their "
                         "last tile\n"),
              std::string::npos)
        << r.out;
    // Out with a double: every other count doubled, twice for a seat that
    // holds a double itself.
    const std::string doubled =
        "[Rules \"french\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
        "deal A 6-5 6-0 5-3 5-1 3-3 3-0 2-1\n"
        "deal B 6-1 5-5 4-3 4-2 1-1 1-0 0-0\n"
        "deal C 6-6 6-4 6-3 6-2 5-2 4-4 3-2\n"
        "deal D 5-4 5-0 4-1 4-0 3-1 2-2 2-0\n"
        "B:0-0 C:pass D:5-0N A:3-0E B:1-0W C:pass D:2-0S A:3-3E\n"
        "B:4-3E C:4-4E D:5-4E A:pass B:1-1W C:pass D:4-1W A:pass\n"
        "B:4-2W C:pass D:2-2S A:2-1W B:6-1W C:5-2S D:pass A:pass\n"
        "B:5-5N\n"
        "end domino B\n"
        "points A 31 B 0 C 88 D 16\n";
    auto d = dir.write("doubled.dgn", doubled);
    r = pips(dir, "check " + quote(d));
    EXPECT_NE(r.out.find(":14:10: error[points-mismatch]: A scores 62 in hand 1, not 31: B played "
                         "their last tile, a double: the others' counts are doubled; A has 31 "
                         "pips, doubled (B went out with a double)\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("error[points-mismatch]: C scores 176 in hand 1, not 88: B played their "
                         "last tile, a double: the others' counts are doubled; C has 44 pips, "
                         "doubled twice (it holds a double, and B went out with one)\n"),
              std::string::npos)
        << r.out;
}

// A message that cites passes and draws by line has a note at each.
TEST(Diagnostics, CitedPassesHaveNotes) {
    TempDir dir;
    auto f = dir.write("sixes.dgn", kFour +
                                        "A:6-6 B:6-5L C:5-5L D:5-0L A:0-0L\n"
                                        "B:pass C:pass D:pass\nA:1-0L\n");
    ExeRun r = pips(dir, "check " + quote(f));
    EXPECT_EQ(r.out.rfind(f + ":6:17: error[illegal-pass]: D passed at line 6 on 6 and 0; ", 0), 0u)
        << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '^'), 3) << r.out;
    for (const char* note : {":6:3: note: B passed here on 6 and 0\nB:pass C:pass D:pass\n  ^\n",
                             ":6:10: note: C passed here on 6 and 0\n"})
        EXPECT_NE(r.out.find(f + note), std::string::npos) << note << "\n" << r.out;
}

}  // namespace
