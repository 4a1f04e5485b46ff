// Replays the saved fuzzer findings under corpus/regressions/ (docs/fuzzing.md)
// through the properties the DGN fuzz targets check, as plain assertions:
// every file, whichever target found it, goes through reading (fuzz_parse),
// checking (fuzz_check) and the printer's round trip (fuzz_roundtrip).
//
// Files listed in corpus/regressions/open_bugs.txt reproduce a bug that is not
// fixed yet; they are left out (and the OpenBugs test shows as skipped) until
// the fix removes them from the list.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "checker/checker.hpp"
#include "fuzz/fuzz_inputs.hpp"
#include "parser/ast_compare.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace {

using namespace pips;
namespace fs = std::filesystem;

const fs::path kDir = fs::path(PIPS_SOURCE_DIR) / "corpus" / "regressions";
const fs::path kOpenBugs = kDir / "open_bugs.txt";

// Paths relative to corpus/regressions/, one per line; `#` starts a comment.
std::set<std::string> open_bugs() {
    std::set<std::string> out;
    std::ifstream in(kOpenBugs);
    std::string line;
    while (std::getline(in, line)) {
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::string path;
        if (words >> path) out.insert(path);
    }
    return out;
}

struct Input {
    std::string name;  // relative to corpus/regressions/
    std::string bytes;
};

// Every regression input except the open bugs, in name order.
std::vector<Input> inputs() {
    std::vector<Input> out;
    if (!fs::is_directory(kDir)) return out;
    const std::set<std::string> open = open_bugs();
    for (const auto& e : fs::recursive_directory_iterator(kDir)) {
        if (!e.is_regular_file() || e.path().parent_path() == kDir) continue;  // README etc.
        const std::string name = fs::relative(e.path(), kDir).generic_string();
        if (open.count(name)) continue;
        std::ifstream f(e.path(), std::ios::binary);
        out.push_back({name, std::string(std::istreambuf_iterator<char>(f), {})});
    }
    std::sort(out.begin(), out.end(),
              [](const Input& a, const Input& b) { return a.name < b.name; });
    return out;
}

std::vector<ast::Record> read_records(const std::string& text) {
    std::istringstream in(text);
    parser::RecordReader reader(in);
    std::vector<ast::Record> out;
    ast::Record r;
    while (reader.next(r)) out.push_back(r);
    return out;
}

std::uint32_t newlines(std::string_view s) {
    return static_cast<std::uint32_t>(std::count(s.begin(), s.end(), '\n'));
}

void expect_errors_located(const ast::Record& r) {
    const std::uint32_t last_line = r.first_line + newlines(r.source);
    for (std::size_t i = 0; i < r.errors.size(); ++i) {
        const ast::SyntaxError& e = r.errors[i];
        EXPECT_FALSE(e.message.empty());
        EXPECT_GE(e.pos.line, r.first_line) << e.message;
        EXPECT_LE(e.pos.line, last_line) << e.message;
        EXPECT_GE(e.pos.column, 1u) << e.message;
        if (i > 0) {
            EXPECT_FALSE(e.pos < r.errors[i - 1].pos) << "syntax errors out of order";
        }
    }
}

void expect_verdict_sound(const ast::Record& rec, const checker::Verdict& v) {
    EXPECT_EQ(v.valid, v.errors.empty());
    if (!rec.errors.empty()) {
        EXPECT_FALSE(v.valid) << "a record with syntax errors is valid";
    }
    for (std::size_t i = 0; i < v.errors.size(); ++i) {
        const checker::Diagnostic& d = v.errors[i];
        EXPECT_GE(d.pos.line, 1u) << d.message;
        EXPECT_GE(d.pos.column, 1u) << d.message;
        EXPECT_FALSE(d.message.empty());
        // An engine invariant broke (Debug builds check them after every ply).
        EXPECT_FALSE(std::string_view(d.message).starts_with("internal error: ")) << d.message;
        if (i > 0) {
            EXPECT_FALSE(d.pos < v.errors[i - 1].pos) << "errors out of order";
        }
    }
}

TEST(FuzzRegressions, OpenBugs) {
    const std::set<std::string> open = open_bugs();
    for (const auto& name : open)
        EXPECT_TRUE(fs::is_regular_file(kDir / name)) << name << " is listed but missing";
    if (!open.empty()) {
        std::string list;
        for (const auto& name : open) list += "\n  " + name;
        GTEST_SKIP() << open.size() << " open bug(s), see " << kOpenBugs << ":" << list;
    }
}

// fuzz_parse: the reader loses no byte, numbers lines right, locates every
// syntax error, and agrees with parse_record on a single record.
TEST(FuzzRegressions, Parse) {
    for (const Input& in : inputs()) {
        SCOPED_TRACE(in.name);
        std::istringstream stream(in.bytes);
        parser::RecordReader reader(stream);
        std::vector<ast::Record> recs;
        std::string joined;
        std::uint32_t line = 1;
        ast::Record r;
        while (reader.next(r)) {
            EXPECT_EQ(r.first_line, line);
            expect_errors_located(r);
            joined += r.source;
            line += newlines(r.source);
            recs.push_back(r);
        }
        EXPECT_EQ(joined, in.bytes) << "the records do not add up to the input";
        EXPECT_EQ(reader.bytes_read(), in.bytes.size());
        const ast::Record whole = parser::parse_record(in.bytes);
        expect_errors_located(whole);
        if (recs.size() == 1) {
            EXPECT_EQ(ast::difference(recs[0], whole), "");
            ASSERT_EQ(recs[0].errors.size(), whole.errors.size());
            for (std::size_t i = 0; i < whole.errors.size(); ++i) {
                EXPECT_EQ(recs[0].errors[i].pos, whole.errors[i].pos);
                EXPECT_EQ(recs[0].errors[i].message, whole.errors[i].message);
            }
        }
    }
}

// fuzz_check: sound verdicts, and notes or summaries change none.
TEST(FuzzRegressions, Check) {
    for (const Input& in : inputs()) {
        SCOPED_TRACE(in.name);
        for (const ast::Record& rec : read_records(in.bytes)) {
            const checker::Verdict plain = checker::check_record(rec);
            expect_verdict_sound(rec, plain);
            checker::CheckOptions opt;
            opt.annotate = true;
            opt.summaries = true;
            const checker::Verdict annotated = checker::check_record(rec, opt);
            expect_verdict_sound(rec, annotated);
            EXPECT_TRUE(checker::same_verdict(plain, annotated))
                << "annotating changed the verdict";
            for (const std::string_view word : fuzz::kOverrides) {
                const std::string spec(word);
                if (!checker::rescore_compatible(rec, spec).empty()) continue;
                SCOPED_TRACE(spec);
                checker::CheckOptions over;
                over.rules_override = spec;
                over.summaries = true;
                expect_verdict_sound(rec, checker::check_record(rec, over));
            }
        }
    }
}

// fuzz_roundtrip: print, parse, print again; printing with notes keeps the
// record but for its brace comments.
TEST(FuzzRegressions, RoundTrip) {
    for (const Input& in : inputs()) {
        SCOPED_TRACE(in.name);
        for (const ast::Record& rec : read_records(in.bytes)) {
            if (!rec.errors.empty()) continue;
            const std::string printed = parser::print_record(rec);
            const ast::Record again = parser::parse_record(printed);
            EXPECT_TRUE(again.errors.empty())
                << "the printed record has a syntax error: " << again.errors.front().message << "\n"
                << printed;
            EXPECT_EQ(ast::difference(rec, again), "") << printed;
            EXPECT_EQ(parser::print_record(again), printed);
            const parser::Notes notes = fuzz::notes_for(rec);
            const std::string annotated = parser::print_record(rec, &notes);
            const ast::Record reread = parser::parse_record(annotated);
            EXPECT_TRUE(reread.errors.empty()) << annotated;
            EXPECT_EQ(ast::difference(fuzz::without_brace_comments(rec),
                                      fuzz::without_brace_comments(reread)),
                      "")
                << annotated;
        }
    }
}

}  // namespace
