// The parser's fast way against its reference mode (parser::Mode::reference:
// every word through its X3 rule, no hand-written path): the same records,
// every position, the same syntax errors and the same checker diagnostics
// (code, line, column, message), on every corpus and conformance file, on
// arbitrary text made of DGN tokens and bytes, and on generated records
// damaged a little. fuzz/fuzz_parse_reference.cpp does the same on
// arbitrary bytes.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "checker/checker.hpp"
#include "gen/generate.hpp"
#include "parser/ast_compare.hpp"
#include "parser/parser.hpp"
#include "parser/tokens.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using parser::Mode;

std::string describe_all(const checker::Verdict& v) {
    std::string out = v.valid ? "valid" : "invalid";
    for (const auto& e : v.errors)
        out += "\n  " + std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + " " +
               checker::code_name(e.code) + " " + e.message;
    return out;
}

// The difference between two records (the same text in the two modes), in
// the tree and in what the checker makes of it; empty when none.
std::string record_difference(const ast::Record& fast, const ast::Record& reference) {
    if (auto d = ast::difference(fast, reference, ast::Compare::exact); !d.empty()) return d;
    const auto a = checker::check_record(fast);
    const auto b = checker::check_record(reference);
    if (!checker::same_verdict(a, b))
        return "verdicts: " + describe_all(a) + "\nvs reference: " + describe_all(b);
    return {};
}

// `text` read in both modes, as one record (parse_record) and as a stream
// (RecordReader); the first difference, empty when none.
std::string mode_difference(const std::string& text) {
    const auto whole = record_difference(parser::parse_record(text, 1, Mode::fast),
                                         parser::parse_record(text, 1, Mode::reference));
    if (!whole.empty()) return "parse_record: " + whole;
    std::istringstream fast_in(text);
    std::istringstream reference_in(text);
    parser::RecordReader fast(fast_in, Mode::fast);
    parser::RecordReader reference(reference_in, Mode::reference);
    ast::Record a;
    ast::Record b;
    for (int n = 1;; ++n) {
        const bool more = fast.next(a);
        if (reference.next(b) != more) return "record " + std::to_string(n) + ": one more";
        if (!more) return {};
        if (auto d = record_difference(a, b); !d.empty())
            return "record " + std::to_string(n) + ": " + d;
    }
}

// ---------------------------------------------------------------------------
// Files

std::vector<std::filesystem::path> dgn_files(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec))
        if (e.is_regular_file() && e.path().extension() == ".dgn") out.push_back(e.path());
    return out;
}

void expect_modes_agree_on(const std::vector<std::filesystem::path>& files) {
    for (const auto& f : files) {
        const std::string text = test::slurp(f);
        EXPECT_EQ(mode_difference(text), "") << f;
        // The same with CR LF line ends: other words, other fast-path exits.
        std::string crlf;
        for (const char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        EXPECT_EQ(mode_difference(crlf), "") << f << " (CR LF)";
    }
}

TEST(ReferenceMode, AgreesOnTheCorpus) {
    const auto files = dgn_files(std::filesystem::path(PIPS_SOURCE_DIR) / "corpus");
    ASSERT_FALSE(files.empty());
    expect_modes_agree_on(files);
}

TEST(ReferenceMode, AgreesOnTheConformanceSuites) {
    const auto shared = std::filesystem::path(PIPS_SOURCE_DIR) / ".." / "shared";
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    if (std::filesystem::is_directory(shared, ec)) {
        for (const auto& e : std::filesystem::directory_iterator(shared, ec)) {
            if (!e.path().filename().string().starts_with("conformance")) continue;
            const auto more = dgn_files(e.path());
            files.insert(files.end(), more.begin(), more.end());
        }
    }
    if (files.empty()) GTEST_SKIP() << "no conformance suite beside the project";
    expect_modes_agree_on(files);
}

TEST(ReferenceMode, AgreesOnHandPickedLines) {
    const std::string head = "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\n";
    for (const std::string lines : {
             "A:6-6 B:6-5R C:pass D:knock A:5-5L+12 B:0-0N +7\n+8\nC:1-1 +123456789\n",
             "6-6 pass knock 5-5E A:6-6\tB:6-5  C:5-5 \r\nD:4-4\rA:3-3\n",
             "A:6-6+1234567890 B:6-7 C:6-6X D:pass7 A:6-6 ;c\nB:6-6;c\nC:draw 6-6\n",
             "A: draw draw 6-6 B:foul 3-4 pass C:foul x D:foul\nA:draw\n",
             "deal A 6-6 5-5\ndeal B\ndeal C 6-6 5-5 \ndeal D 6-6\t5-5\ndeal A 6-6 5-5x\n",
             "deal  B 1-1 6-6\ndeal E 1-1\ndeal A 1-1 6-7\nstock\nstock 1-1 2-2\nstock 9-9\n",
             "redeal A\nredeal\nredeal Q x\nremain A 1-1\nremain B\n",
             "end domino\nend block AC\nend tie D x\nend target\nend domino E\nend\n",
             "points AC 1 BD 22\nscore A 1 B 2 C 3 D 4\npoints A 1\nscore AC\nscore\n",
             "points AB 1\nscore ACx 1\nscore BD\t2 A 3\npoints C  4 Dx 5\nscore BC 1\nscore E 1\n",
             "points CA 1\nscore DB 2\npoints A\nscore A\x00 1\npoints a 1\nscore @ 1\n",
             "stocks 1-1\nre\nr\nremainx A\nscorer A 1\ndealt A 1-1\nhands 1\nendx\np\n",
             "hand 2\nA:6-6\nhand 3\nhand 3\nhand 5\nhand 0\nhand x\nhand 6\nhand\n",
             "A:6-6 {a note} B:6-5 {over\ntwo lines} C:pass {\n",
             // Separate one-digit claims (fives-threes): mid-line, at a line
             // end, at the end of the text, before a comment or a CR, after a
             // pass or a claim, on the next line, and two digits.
             "A:6-6 +2 B:6-5R +1\nC:5-5L +5\nD:pass +1 A:4-4 +0 +3 B:3-3 +9{c} C:2-2 +4;c\n",
             "A:6-6 +2\r\nB:6-5 +1 \nC:5-5 +12 D:4-4 +3x A:3-3 +\nB:2-2\n+7 C:1-1 +7",
             "[Late \"tag\"]\nA:6-6 [x\n\xC3\xA9 \xFF A:\xE2\x82\xAC\n",
             // Plies that go on onto the next lines, and stop within a later
             // line (at a comment, a bad word, an unlabelled ply, a CR LF), at
             // a line that is a label alone, or at the end of the text.
             "A:6-6 B:6-5R\nC:pass D:knock\nA:5-5L B:0-0 {c} C:1-1\nD:2-2 x A:3-3\n",
             "A:6-6\nB:6-5\nC:pass\n6-6 D:pass\nA:7-7\nB:pass\r\nC:pass\nD:\nA:pass\nB:",
             "A:pass\nB:pass\nC:pass\nD:pass",
             "A:6-6 B:pass\nC:passx\nD:knoc A:knockk\nB:6-6L\nC:6-6LR\nE:pass\nA:pass\n",
             "A:6-6 +2\nB:6-5\n+1 C:pass\nD:4-4 +3\nA:pass;c\nB:3-3\nend domino B\nA:pass\n",
             // Tag pairs, read without the rules where nothing in them is
             // unusual: names with digits and `_`, values with a tab, UTF-8,
             // escapes, control bytes, DEL, a backslash before another
             // byte, a value left open, names that do not begin with a letter.
             "[Event \"a\tb \xC3\xA9\"] [X_1 \"\"][y2\"{;}\"]\n[Site  \"a\\\"b\\\\c\" ]\n"
             "[Z \"a\x01"
             "b\"]\n[Z \"a\x7f\"]\n[Z \"a\\x\"]\n[Z \"a\rb\"]\n[Z \"open\n",
             "[1a \"x\"]\n[_a \"x\"]\n[\xC3\xA9 \"x\"]\n[ \"x\"]\n[a\xC3\xA9 \"x\"]\n[a-b \"x\"]\n"
             "[Rules\"jamaican\"]\n[Result \"AC\"\n[R \"x\"]x\n[Q \"\\",
         }) {
        EXPECT_EQ(mode_difference(head + lines), "") << lines;
        EXPECT_EQ(mode_difference(lines), "") << lines;
    }
}

// ---------------------------------------------------------------------------
// Generated text

// Pieces of DGN and not quite DGN: every spelling of the token table, tiles
// (pips out of range too), seat labels, claims, tags, comments, blanks, line
// ends and odd bytes.
rc::Gen<std::string> piece() {
    std::vector<std::string> words;
    const auto add = [&](const auto& table) {
        for (const auto& s : table) words.emplace_back(s.text);
    };
    add(parser::dgn::kLineKeywords);
    add(parser::dgn::kActionKeywords);
    add(parser::dgn::kEndKinds);
    add(parser::dgn::kWhos);
    add(parser::dgn::kEndLetters);
    for (const char* w : {"-", ":", "+", "[", "]", "\"", "\\", "{", "}", ";", "x", "Q",
                          "\xEF\xBB\xBF", "\xC3\xA9", "\xFF"})
        words.emplace_back(w);
    words.emplace_back(std::string(1, '\0'));
    const auto digit = rc::gen::map(rc::gen::inRange(0, 10), [](int d) { return char('0' + d); });
    const auto digits = rc::gen::mapcat(
        rc::gen::inRange<std::size_t>(0, 12),
        [digit](std::size_t n) { return rc::gen::container<std::string>(n, digit); });
    return rc::gen::weightedOneOf<std::string>({
        {6, rc::gen::elementOf(words)},
        {6, rc::gen::map(rc::gen::tuple(digit, digit, rc::gen::elementOf(std::string("LRNESWx "))),
                         [](const auto& t) {
                             const auto& [a, b, end] = t;
                             return std::string{a, '-', b, end};
                         })},
        {3, rc::gen::map(rc::gen::inRange(0, 6),
                         [](int s) {
                             return std::string{char('A' + s), ':'};
                         })},
        {2, rc::gen::map(digits, [](std::string d) { return "+" + d; })},
        {2, digits},
        {1,
         rc::gen::element<std::string>("[Rules \"jamaican\"]", "[Players \"a, b\"]", "[X \"{;\"]",
                                       "[Y \"a\\\"b\"]", "[Z ", "{note}", "; comment")},
        {8, rc::gen::element<std::string>(" ", " ", "\t", "\n", "\n", "\r\n", "\r", "  ")},
        {1, rc::gen::map(rc::gen::inRange(0, 256),
                         [](int b) { return std::string(1, static_cast<char>(b)); })},
    });
}

rc::Gen<std::string> soup() {
    return rc::gen::map(rc::gen::container<std::vector<std::string>>(piece()),
                        [](const std::vector<std::string>& pieces) {
                            std::string out;
                            for (const auto& p : pieces) out += p;
                            return out;
                        });
}

RC_GTEST_PROP(ReferenceMode, AgreesOnArbitraryText, ()) {
    const std::string head =
        *rc::gen::element<std::string>("", "[Rules \"jamaican\"]\nhand 1\n",
                                       "[Rules \"french\"]\r\n[Players \"a,b,c,d\"]\r\nhand 1\r\n");
    const std::string text = head + *soup();
    RC_ASSERT(mode_difference(text) == "");
}

// A generated match, then a few edits: a byte deleted, replaced or
// inserted, a piece inserted, a line doubled or indented (indented lines go
// the general way in the fast mode).
RC_GTEST_PROP(ReferenceMode, AgreesOnNearlyValidRecords, ()) {
    static const std::vector<Variant> variants = test::all_variants();
    const auto& v = variants[*rc::gen::inRange<std::size_t>(0, variants.size())];
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    const bool deals = *rc::gen::arbitrary<bool>();
    std::string text =
        gen::write_match(gen::generate_match({v, deals, gen::Bot::random, 2}, rng)).text;
    const int edits = *rc::gen::inRange(0, 5);
    for (int i = 0; i < edits && !text.empty(); ++i) {
        const auto at = *rc::gen::inRange<std::size_t>(0, text.size());
        switch (*rc::gen::inRange(0, 6)) {
            case 0:
                text.erase(at, *rc::gen::inRange<std::size_t>(1, 4));
                break;
            case 1:
                text[at] = static_cast<char>(*rc::gen::inRange(0, 256));
                break;
            case 2:
                text.insert(at, 1, static_cast<char>(*rc::gen::inRange(0, 256)));
                break;
            case 3:
                text.insert(at, *piece());
                break;
            case 4: {
                const auto b =
                    text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
                const auto e = text.find('\n', at);
                text.insert(b, text.substr(b, e == std::string::npos ? e : e - b + 1));
                break;
            }
            default: {
                const auto b =
                    text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
                text.insert(b, *rc::gen::element<std::string>(" ", "\t", "{c} "));
                break;
            }
        }
    }
    RC_ASSERT(mode_difference(text) == "");
}

}  // namespace
