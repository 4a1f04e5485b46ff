// The nearest of some names to a word that is none of them, for "did you
// mean" (subcommands, options, error codes).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pips::cli {

// Edits (insert, delete, replace, swap of neighbours) between two words.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The name nearest to `word` within two edits (the first of equals), or
// empty when none is that near.
std::string nearest_name(std::string_view word, const std::vector<std::string>& names);

}  // namespace pips::cli
