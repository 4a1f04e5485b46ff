// Shared helpers for the tests: every variant pips knows, and checking DGN text.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "checker/checker.hpp"
#include "engine/layout.hpp"
#include "engine/variant.hpp"

namespace pips::test {

// Every rule set with each player count and option that changes play.
std::vector<Variant> all_variants();
Variant variant_of(RuleSet r, int players, Options o = {});

// "6-6 5-4" -> the tiles in the order written.
std::vector<Tile> tiles(std::string_view text);
// 'L', 'R', 'N', 'E', 'S', 'W' -> the end.
End end_of(char c);

// Parses and checks every record of `text`.
std::vector<checker::Verdict> check_text(const std::string& text);

// "valid" or "CODE@LINE:COL message" of a verdict's first error, for messages.
std::string describe(const checker::Verdict& v);

// The text without seat labels: a letter A to D and a colon at the start
// of the text, a line or a word (after a blank) taken out.
std::string without_seat_labels(const std::string& text);

// The first of a hand's facts (checker::HandData, its plies aside) that
// differs between `a` and `b`, with both values ("pips_left: 3 9 0 4 | 3 8 0
// 4"); empty when they all agree.
std::string hand_facts_differ(const checker::HandData& a, const checker::HandData& b);

// A file's bytes ("" when it cannot be read).
std::string slurp(const std::filesystem::path& path);

#ifdef PIPS_SOURCE_DIR
}  // namespace pips::test
#include <gtest/gtest.h>
namespace pips::test {
// The verdict of a corpus file holding one record (`name` under corpus/).
inline checker::Verdict corpus_verdict(const std::string& name) {
    auto vs = check_text(slurp(std::string(PIPS_SOURCE_DIR) + "/corpus/" + name));
    EXPECT_EQ(vs.size(), 1u) << name;
    return vs.size() == 1 ? vs.front() : checker::Verdict{};
}
#endif

// Whether the verdict lists `what` as unchecked.
bool lists(const checker::Verdict& v, const std::string& what);

// A temporary directory for a test's files, removed at the end.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string path(const std::string& name) const { return (path_ / name).string(); }
    // Writes `text` to the file `name` in the directory; returns its path.
    std::string write(const std::string& name, const std::string& text) const;

private:
    std::filesystem::path path_;
};

}  // namespace pips::test
