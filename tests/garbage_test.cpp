// Bad input never crashes pips and never passes silently: twenty kinds of
// garbage each end in at least one located error.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "gen/generate.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const char* kRecord =
    "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
    "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\ndeal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
    "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\ndeal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
    "A:6-6 B:6-4R C:6-3L D:4-1R A:6-1R\nend domino C\npoints AC 1\n";

std::vector<std::pair<std::string, std::string>> garbage() {
    std::vector<std::pair<std::string, std::string>> g;
    std::mt19937_64 rng(20261121);
    auto bytes = [&](std::size_t n, int lo, int hi) {
        std::string s(n, '\0');
        std::uniform_int_distribution<int> d(lo, hi);
        for (auto& c : s) c = static_cast<char>(d(rng));
        return s;
    };
    g.push_back({"random bytes", bytes(4096, 0, 255)});
    g.push_back({"random printable", bytes(4096, 32, 126)});
    g.push_back({"high bytes only", bytes(1000, 128, 255)});
    g.push_back({"nul bytes", std::string(1000, '\0')});
    {
        std::string nul_in_ply(kRecord);
        nul_in_ply[170] = '\0';  // replaces a byte (inserting one trips a GCC 12 -Wrestrict)
        g.push_back({"nul inside a ply", std::move(nul_in_ply)});
    }
    g.push_back({"10 MB line", "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\n" +
                                   std::string(10 << 20, 'x')});
    g.push_back({"100000 open braces", "[Rules \"jamaican\"]\n[Players \"a,b,c,d\"]\nhand 1\n" +
                                           std::string(100000, '{')});
    g.push_back({"100000 brackets", std::string(100000, '[')});
    g.push_back(
        {"100000 closed braces", "[Rules \"jamaican\"]\n[Players \"a,b,c,d\"]\nhand 1\n" + [] {
             std::string s;
             for (int i = 0; i < 100000; ++i) s += "{x}";
             return s;
         }() + " A:skip"});
    g.push_back({"a huge number",
                 "[Rules \"jamaican\"]\n[Players \"a,b,c,d\"]\nhand 99999999999999999999999\n"});
    g.push_back({"huge points", std::string(kRecord) + "score AC 99999999999999999999 BD 0\n"});
    std::string rec(kRecord);
    for (std::size_t cut : {7u, 30u, 64u, 100u, 150u, 333u}) {
        std::string t = rec.substr(0, cut) + "\n[";
        g.push_back({"truncated at " + std::to_string(cut), t});
    }
    g.push_back({"tag without value", "[Rules]\n[Players \"a,b,c,d\"]\nhand 1\nA:6-6\n"});
    g.push_back({"only a hand", "hand 1\nA:6-6 B:pass\n"});
    g.push_back({"utf-8 junk in plies",
                 "[Rules \"jamaican\"]\n[Players \"a,b,c,d\"]\nhand 1\nA:6-6 B:\xc3\xa9 "
                 "\xf0\x9f\x82\xa1\n"});
    return g;
}

}  // namespace

TEST(Garbage, EveryInputEndsInALocatedError) {
    auto cases = garbage();
    ASSERT_GE(cases.size(), 20u);
    for (const auto& [name, text] : cases) {
        auto verdicts = test::check_text(text);
        ASSERT_FALSE(verdicts.empty()) << name;
        bool any_invalid = false;
        for (const auto& v : verdicts) {
            if (v.valid) continue;
            any_invalid = true;
            ASSERT_FALSE(v.errors.empty()) << name;
            for (const auto& e : v.errors) {
                EXPECT_GE(e.pos.line, 1u) << name;
                EXPECT_GE(e.pos.column, 1u) << name;
                EXPECT_FALSE(e.message.empty()) << name;
            }
        }
        EXPECT_TRUE(any_invalid) << name << " passed silently";
    }
}

// --- pips fmt loses nothing ------------------------------------------------

namespace {

// How many times each byte value occurs outside blanks (space, tab, CR, LF)
// and outside a byte-order mark at the start (an encoding mark, not text).
std::array<std::size_t, 256> meaningful_bytes(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    std::array<std::size_t, 256> n{};
    for (char c : text)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n') ++n[static_cast<unsigned char>(c)];
    return n;
}

// `pips fmt` on `text`: its output, and its exit code in `code`.
std::string fmt_of(const test::TempDir& dir, const std::string& text, int& code,
                   bool strict = false) {
    const std::string in = dir.write("in.dgn", text);
    std::FILE* out = std::fopen(dir.path("out").c_str(), "wb");
    std::FILE* err = std::fopen(dir.path("err").c_str(), "wb");
    cli::Io io;
    io.out = out;
    io.err = err;
    cli::FmtArgs args;
    args.files = {in};
    args.strict = strict;
    code = cli::run_fmt(args, io);
    std::fclose(out);
    std::fclose(err);
    return test::slurp(dir.path("out"));
}

// `pips annotate` on `text`: its output.
std::string annotate_of(const test::TempDir& dir, const std::string& text) {
    const std::string in = dir.write("in.dgn", text);
    std::FILE* out = std::fopen(dir.path("out").c_str(), "wb");
    std::FILE* err = std::fopen(dir.path("err").c_str(), "wb");
    cli::Io io;
    io.out = out;
    io.err = err;
    cli::AnnotateArgs args;
    args.files = {in};
    cli::run_annotate(args, io);
    std::fclose(out);
    std::fclose(err);
    return test::slurp(dir.path("out"));
}

std::string stripped_of(const test::TempDir& dir, const std::string& text) {
    const std::string in = dir.write("in.dgn", text);
    std::FILE* out = std::fopen(dir.path("out").c_str(), "wb");
    std::FILE* err = std::fopen(dir.path("err").c_str(), "wb");
    cli::Io io;
    io.out = out;
    io.err = err;
    cli::FmtArgs args;
    args.files = {in};
    args.strip_annotations = true;
    cli::run_fmt(args, io);
    std::fclose(out);
    std::fclose(err);
    return test::slurp(dir.path("out"));
}

// Every non-blank byte of `text` is in fmt's output as often as in the
// input; "" or what is missing.
std::string lost_by_fmt(const test::TempDir& dir, const std::string& text) {
    int code = 0;
    const std::string out = fmt_of(dir, text, code);
    if (code == cli::kExitCannotRun) return "fmt could not run";
    const auto before = meaningful_bytes(text), after = meaningful_bytes(out);
    std::string lost;
    for (std::size_t b = 0; b < 256; ++b)
        if (after[b] < before[b])
            lost += " byte " + std::to_string(b) + " (" + std::to_string(before[b] - after[b]) +
                    " of " + std::to_string(before[b]) + ")";
    return lost;
}

// A generated record damaged as the comparison script damages them: lines
// dropped, doubled or swapped, words dropped or inserted, bytes changed,
// seat labels, deals or claims stripped, the record cut short.
std::string damaged(std::string rec, std::mt19937_64& rng) {
    static const std::vector<std::string> words = {
        "pass", "knock", "draw", "foul", "6-6",  "6_5",   "43", "c:6-6", "{", "}",
        "[",    ";",     "+2",   "hand", "deal", "score", "AC", "B:",    "x", "Firmado: ____"};
    const auto below = [&](std::size_t n) {
        return n == 0 ? std::size_t{0} : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    std::vector<std::string> lines;
    {
        std::istringstream in(rec);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
    }
    const std::size_t ops = 1 + below(3);
    for (std::size_t k = 0; k < ops; ++k) {
        if (lines.empty()) lines.emplace_back();
        const std::size_t i = below(lines.size());
        std::string& l = lines[i];
        switch (below(9)) {
            case 0:
                lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
                break;
            case 1:
                lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), l);
                break;
            case 2:
                if (i + 1 < lines.size()) std::swap(lines[i], lines[i + 1]);
                break;
            case 3: {
                const std::size_t sp = l.find(' ', below(l.size() + 1));
                if (sp != std::string::npos) l.erase(sp, l.find(' ', sp + 1) - sp);
                break;
            }
            case 4:
                l.insert(below(l.size() + 1), " " + words[below(words.size())] + " ");
                break;
            case 5:
                if (!l.empty()) {
                    static constexpr std::string_view kBytes =
                        "0123456789-ABCDEabcdLRNSW:+[]{}\" ;\t\xff";
                    l[below(l.size())] = kBytes[below(kBytes.size())];
                }
                break;
            case 6:
                for (auto& m : lines)
                    if (m.size() > 1 && m[1] == ':') m.erase(0, 2);
                break;
            case 7: {
                std::vector<std::string> kept;
                for (auto& m : lines)
                    if (m.rfind("deal ", 0) != 0 && m.rfind("end ", 0) != 0) kept.push_back(m);
                lines = kept;
                break;
            }
            default: {
                std::string all;
                for (auto& m : lines) all += m + "\n";
                return all.substr(0, below(all.size() + 1));
            }
        }
    }
    std::string all;
    for (auto& m : lines) all += m + "\n";
    return all;
}

}  // namespace

// Every file of the corpus: fmt keeps every non-blank byte.
TEST(FmtKeepsEveryByte, Corpus) {
    test::TempDir dir;
    std::size_t files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(PIPS_SOURCE_DIR "/corpus")) {
        if (e.path().extension() != ".dgn") continue;
        ++files;
        EXPECT_EQ(lost_by_fmt(dir, test::slurp(e.path())), "") << e.path();
    }
    EXPECT_GT(files, 100u);
}

TEST(FmtKeepsEveryByte, Garbage) {
    test::TempDir dir;
    for (const auto& [name, text] : garbage()) EXPECT_EQ(lost_by_fmt(dir, text), "") << name;
}

// 10,000 damaged records of every rule set, in files of 500.
TEST(FmtKeepsEveryByte, TenThousandDamagedRecords) {
    test::TempDir dir;
    const std::vector<Variant> variants = test::all_variants();
    std::mt19937_64 rng(15);
    std::size_t damaged_records = 0;
    for (int file = 0; file < 20; ++file) {
        std::string text;
        for (int i = 0; i < 500; ++i) {
            const Variant& v = variants[static_cast<std::size_t>(i) % variants.size()];
            const std::string rec =
                gen::write_match(gen::generate_match({v, i % 2 == 0, gen::Bot::random, 2}, rng))
                    .text;
            text += damaged(rec, rng) + "\n";
            ++damaged_records;
        }
        ASSERT_EQ(lost_by_fmt(dir, text), "") << "file " << file;
    }
    EXPECT_EQ(damaged_records, 10000u);
}

// A record with syntax errors is printed as written (and then fmt's output
// reads as its input did); with --strict it is left out.
TEST(FmtKeepsEveryByte, RecordWithSyntaxErrorsAsWritten) {
    test::TempDir dir;
    const std::string bad =
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\n"
        "A:6-6 B:6-5L ; B had to\nc:6-6 d:6-2 a:6-4 b:4-2L\nD:6_5 D:43\nFirmado: ____\n";
    const std::string good = "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\nA:6-6\n";
    int code = 0;
    EXPECT_EQ(fmt_of(dir, bad + "\n\n" + good, code),
              bad + "\n[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\nA:6-6\n");
    EXPECT_EQ(code, cli::kExitInvalid);
    EXPECT_EQ(fmt_of(dir, bad + good, code, true),
              "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\n\nhand 1\nA:6-6\n");
    EXPECT_EQ(code, cli::kExitInvalid);
    // Formatting what fmt printed changes nothing.
    const std::string once = fmt_of(dir, bad + good, code);
    EXPECT_EQ(fmt_of(dir, once, code), once);
}

// "" when a == b, else the first line where they differ, with its neighbours.
std::string first_difference(const std::string& a, const std::string& b) {
    if (a == b) return "";
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    const std::size_t from = a.rfind('\n', i > 200 ? i - 200 : 0);
    const auto window = [&](const std::string& s) {
        const std::size_t f = from == std::string::npos ? 0 : from;
        return s.substr(f, std::min<std::size_t>(400, s.size() - std::min(f, s.size())));
    };
    return "first difference at byte " + std::to_string(i) + "\n--- first:\n" + window(a) +
           "\n--- second:\n" + window(b);
}

// annotate twice gives what annotate once gave, fmt twice what fmt once
// gave, and fmt --strip-annotations of annotate's output is fmt's output: on every corpus file and
// on 1,000 damaged records.
TEST(AnnotateIsIdempotent, CorpusAndDamagedRecords) {
    test::TempDir dir;
    std::vector<std::pair<std::string, std::string>> inputs;
    for (const auto& e : std::filesystem::recursive_directory_iterator(PIPS_SOURCE_DIR "/corpus"))
        if (e.path().extension() == ".dgn")
            inputs.emplace_back(e.path().string(), test::slurp(e.path()));
    const std::vector<Variant> variants = test::all_variants();
    std::mt19937_64 rng(1515);
    std::string damaged_text;
    for (int i = 0; i < 1000; ++i) {
        const Variant& v = variants[static_cast<std::size_t>(i) % variants.size()];
        damaged_text +=
            damaged(gen::write_match(gen::generate_match({v, i % 2 == 0, gen::Bot::random, 2}, rng))
                        .text,
                    rng) +
            "\n";
    }
    inputs.emplace_back("1,000 damaged records", damaged_text);
    for (const auto& [name, text] : inputs) {
        const std::string once = annotate_of(dir, text);
        EXPECT_EQ(first_difference(once, annotate_of(dir, once)), "") << name;
        int code = 0;
        const std::string formatted = fmt_of(dir, text, code);
        EXPECT_EQ(first_difference(formatted, stripped_of(dir, once)), "") << name;
        EXPECT_EQ(first_difference(formatted, fmt_of(dir, formatted, code)), "") << name;
    }
}
