// Diagnostics of every pips subcommand, and their one renderer (DGN.md
// section 8): a problem in a record, located at a line and column and given a
// DGN error code, or a problem with an input or the run as a whole.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "parser/ast.hpp"

namespace pips::checker {
struct Verdict;
struct Diagnostic;
}  // namespace pips::checker

namespace pips::cli {

// Codes of problems with an input or the run rather than a record (the codes
// of records are DGN.md's, named in checker/codes.hpp).
inline constexpr std::string_view kCannotOpen = "cannot-open";    // missing, no permission
inline constexpr std::string_view kCannotRead = "cannot-read";    // a directory, a read error
inline constexpr std::string_view kCannotWrite = "cannot-write";  // the output
inline constexpr std::string_view kInternal = "internal-error";   // a record pips could not handle
inline constexpr std::string_view kBadArgument = "bad-argument";  // an option's value
inline constexpr std::string_view kCannotReplay = "cannot-replay";  // rescore: other rules' tiles

struct Diagnostic {
    std::string file;     // the input's display name (`<stdin>` for `-`)
    ast::Pos pos;         // {0, 0}: about the input (or the run) as a whole
    std::string code;     // a DGN error code, or one of the codes above
    std::string message;  // for an input or the run as a whole, it names the input
};

// --- text ---------------------------------------------------------------

// A problem with an input or the run, rendered on `err` at once
// (render_diagnostic below); returns kExitCannotRun's value, 2.
int say_run_error(std::FILE* err, const Diagnostic& d, bool color);

// FILE:LINE:COL: error[CODE]: message
// <the source line>
// <the caret line>
// A position of 0 is the record's line and column 1; the source lines are
// left out when the record does not hold that line. Line ends in the message
// become spaces, control characters `?`; in the source line, control
// characters other than tab and bytes that are not printable UTF-8 are shown
// `\xNN` (the caret placed under the escaped text). With `color`, ANSI colours.
void render_diagnostic(std::string& out, std::string_view file, const ast::Record& record,
                       ast::Pos pos, std::string_view code, std::string_view message, bool color);

// A diagnostic of the checker as above, then, under the caret, its fix-it's
// text (a near miss: what was probably meant), then each of its notes, as
// "FILE:LINE:COL: note: message" with its source line and caret. The lines
// after the first caret line are for people: a reader of DGN.md's verdict
// format reads the "error[CODE]" lines and ignores the others.
void render_diagnostic(std::string& out, std::string_view file, const ast::Record& record,
                       const checker::Diagnostic& d, bool color);

// `d` in `record` as above; with no record, "FILE:LINE:COL: error[CODE]:
// message" alone, and for a diagnostic with no position "pips: error:
// message" (the form of problems with an input or the run).
void render_diagnostic(std::string& out, const Diagnostic& d, const ast::Record* record,
                       bool color);

// render_diagnostic for each of the record's syntax errors (pips fmt), and
// for each of the verdict's errors (pips check, pips annotate).
void render_syntax_errors(std::string& out, std::string_view file, const ast::Record& record,
                          bool color);
void render_verdict_errors(std::string& out, std::string_view file, const ast::Record& record,
                           const checker::Verdict& verdict, bool color);

// "error[CODE]: message", as written in annotate's comments and rescore's
// report.
std::string error_label(std::string_view code, std::string_view message);

// File line `line` of the record's source, without its line end; empty when
// the record does not hold that line.
std::string_view source_line(const ast::Record& record, std::uint32_t line);

// The line under an echoed source line with a caret at `column` (1-based,
// code points). Tabs before the column are copied so the caret lines up.
std::string caret_line(std::string_view line, std::uint32_t column);

// --- JSON ---------------------------------------------------------------

// {"line":L,"column":C,"code":"CODE","message":"..."}: an entry of the
// "errors" of `pips check --format json` and `pips annotate --format json`.
void render_diagnostic_json(std::string& out, ast::Pos pos, std::string_view code,
                            std::string_view message);
// The same for a checker diagnostic, with two optional keys after "message":
// "notes": [{"line","column","message"}...] when it has notes, and
// "fixit": {"line","column","length","text"} when it has a fix-it.
void render_diagnostic_json(std::string& out, const checker::Diagnostic& d);

}  // namespace pips::cli
