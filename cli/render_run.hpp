// pips render as a library call: an SVG picture of the position after one
// ply of one hand of a record (docs/viewing.md).
#pragma once

#include <string>

#include "cli/commands.hpp"

namespace pips::cli {

struct RenderArgs {
    std::string file;          // `-` is standard input
    std::string output = "-";  // `-` is standard output
    int record = 1;            // which record of the file, from 1
    int hand = 0;              // the hand's number as written; 0: the first hand
    int ply = 0;               // from 1; 0: the hand's last ply
    int width = 800;           // of the picture, in pixels
};

// Writes the picture to `output` (or `out`). Exit 0: drawn; 1: drawn, and it
// shows the record's first error (at or before the ply); 2: no picture (the
// input cannot be read, no such record, hand or ply, the output cannot be
// written), said on `err`.
int run_render(const RenderArgs& args, const Io& io);

}  // namespace pips::cli
