// pips view as a library call: one self-contained HTML page replaying the
// records of DGN files hand by hand and ply by ply (docs/viewing.md).
#pragma once

#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace pips::cli {

struct ViewArgs {
    std::vector<std::string> files;  // `-` is standard input
    std::string output;              // the HTML file; `-` is standard output
    std::string analysis;            // `pips analyze --format json` lines, or empty
    int width = 640;                 // of each picture, in pixels
};

// Writes the page. Exit 0: every record valid; 1: the page is written and
// some record is invalid (its first error is shown at its ply); 2: no page
// (no output named, an input or the analysis cannot be read, the output
// cannot be written), said on `err`.
int run_view(const ViewArgs& args, const Io& io);

}  // namespace pips::cli
