// Shared helpers for the tests: every variant pips knows, and checking DGN text.
#pragma once

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

}  // namespace pips::test
