// Bad input never crashes pips and never passes silently: twenty kinds of
// garbage each end in at least one located error.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

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
