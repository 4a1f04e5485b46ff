// The canonical DGN 1 form of a record (`pips fmt`, `pips annotate`).
//
// The printer knows the notation, not the rules: it writes what the AST
// holds and infers nothing (an unlabelled ply stays unlabelled). The form:
//
//   ; leading comments, as written
//   [Name "value"]             one tag per line, `"` and `\` escaped
//                              (blank line)
//   hand N
//   deal SEAT a-b ...          deals, then stock, of the first round;
//   stock a-b ...
//   redeal SEAT                then each redeal followed by the deal and
//   deal SEAT a-b ...          stock lines of its round
//   A:6-6 B:6-4R C:draw 3-4L   plies: `SEAT:` when the record labels the
//   D:foul 3-4 pass A:5-5 +2   ply, draws and fouls first, an end letter
//                              attached, a claim as ` +N`; brace comments
//                              right after their ply
//   remain SEAT a-b ...
//   end KIND [WHO]
//   points WHO N ...
//   score WHO N ...
//                              (blank line between hands)
//
// Plies fill lines of at most 80 columns (a ply with its comments that is
// wider than that gets a line of its own). Tiles keep their written order.
// Brace comments that follow a line rather than a ply are written on a line
// of their own after that line; so are `;` comments (`;text`, as written
// after the `;`), but the first comment after a line, when it is a `;`
// comment, ends that line, as one after a ply ends the ply's line. Comments between
// the tags and the first hand follow the tag before them. The output ends
// with one newline; records are separated by a blank line by the caller.
//
// A record with syntax errors is not reformatted: print_as_written gives its
// text as written, so that nothing the parser could not read is lost.
//
// Notes (`pips annotate`) are comments marked as pips's own: `{ pips: text }`
// and `; pips: text`. Comments so marked are the printer's to drop: a record
// printed with notes, or with `strip_notes`, loses the marked comments it
// held, so that annotating twice gives what annotating once gave.
//
// Round trip: for any record r without syntax errors, parse(print(r)) equals
// r except for positions, and print(parse(print(r))) == print(r).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parser/ast.hpp"

namespace pips::parser {

// Extra comments keyed by position: the first token of a ply, or the keyword
// of a line (`hand`, `deal`, `end`, ...). A note is written as a brace comment
// after the ply, or on its own line after the line; a note at any other
// position goes after the nearest ply or line before it, and one before the
// first hand (a tag) as a `;` comment after that tag.
using Notes = std::vector<std::pair<ast::Pos, std::string>>;

// Line width the ply lines are filled to.
inline constexpr std::size_t kPlyLineWidth = 80;

// What opens the text of every note: a comment whose text (after the `{` or
// `;`, blanks skipped) starts with it is a note.
inline constexpr std::string_view kNoteMark = "pips:";
bool is_note(std::string_view comment_text);

struct PrintOptions {
    bool strip_notes = false;  // drop the notes the record holds
    // What opens each note written: `pips annotate`'s mark, or another
    // tool's own (`pips analyze` writes its findings as ANALYSIS.md shows
    // them, `{value AC +1}`, and recognises them itself).
    std::string_view note_mark = kNoteMark;
};

std::string print_record(const ast::Record& record, const Notes* notes = nullptr,
                         PrintOptions options = {});

// The record's text as written, without blank lines before and after it and
// ending with one line feed; with `strip_notes`, without the lines that
// hold nothing but a note (`; pips: ...`, `{ pips: ... }`). `notes`, sorted
// by position, are written as `; pips: text` lines after the line they are
// on (what annotate does with a record that has syntax errors).
std::string print_as_written(const ast::Record& record, PrintOptions options = {},
                             const Notes* notes = nullptr);

}  // namespace pips::parser
