// The pips subcommands as library calls: each takes its options and the
// streams to use and returns the exit code. The command line (CLI11) only
// fills the options; see check.cpp, fmt.cpp, annotate.cpp.
#pragma once

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace pips::cli {

// Exit codes of every subcommand.
enum ExitCode : int {
    kExitValid = 0,      // every record valid (fmt: no syntax error)
    kExitInvalid = 1,    // some record invalid
    kExitCannotRun = 2,  // bad arguments, unreadable input, unwritable output
};

enum class Format { text, json, dgn, csv };

// Where a command reads `-` from and writes to.
struct Io {
    std::istream* in = &std::cin;
    std::FILE* out = stdout;
    std::FILE* err = stderr;
    bool color_out = false;  // colour diagnostics written to `out`
    bool color_err = false;  // colour diagnostics written to `err`
};

// When diagnostics are coloured: `auto` on a terminal without NO_COLOR set
// (use_color), `always` and `never` whatever the streams are.
enum class ColorWhen { automatic, always, never };

// The process's standard streams, with colour as `when` says.
Io standard_io(ColorWhen when = ColorWhen::automatic);

struct CheckArgs {
    std::vector<std::string> files;  // `-` is standard input
    Format format = Format::text;    // text or json
    bool quiet = false;              // no summary line, no progress line
    // Threads checking records: 1 checks them one after another on the calling
    // thread; N > 1 has a reader thread split the records, N workers check
    // them and the calling thread write their output in input order; 0 is the
    // machine's hardware threads. The output does not depend on it.
    unsigned jobs = 1;
    // After the summary, a line on `err`:
    // "stats: records=R hands=H plies=P bytes=B seconds=S" (printed even
    // with `quiet`; docs/performance.md).
    bool stats = false;
    // A progress line on `err` (redrawn at most 4 times a second, cleared at
    // the end) when `err` is a terminal, `quiet` is off and the input is
    // larger than progress_min_bytes: the files' total size, or for standard
    // input (size unknown, no ETA) once that much has been read.
    bool progress = true;
    std::uint64_t progress_min_bytes = std::uint64_t{16} << 20;
};

struct FmtArgs {
    std::vector<std::string> files;
    // A record with syntax errors is printed as written (nothing it holds is
    // lost); with `strict` it is not printed at all.
    bool strict = false;
    bool strip_annotations = false;  // drop the notes `pips annotate` wrote
    // Write the seat label the replay fixes on each unlabelled ply (a hand
    // whose labels the replay does not all fix is left as it is).
    bool label = false;
    // A progress line on `err` as for check (CheckArgs::progress).
    bool progress = true;
    std::uint64_t progress_min_bytes = std::uint64_t{16} << 20;
};

struct AnnotateArgs {
    std::vector<std::string> files;
    Format format = Format::dgn;  // dgn, json or csv (docs/annotate.md)
    // A progress line on `err` as for check (CheckArgs::progress).
    bool progress = true;
    std::uint64_t progress_min_bytes = std::uint64_t{16} << 20;
};

// Checks every record; prints diagnostics (text) or one JSON object per
// record (json) on `out`, and the summary on `err`.
int run_check(const CheckArgs& args, const Io& io);

// Prints every record in canonical form on `out`; syntax errors on `err`.
int run_fmt(const FmtArgs& args, const Io& io);

// Prints every record with the checker's notes as brace comments (dgn), or
// the notes and errors as JSON lines (json).
int run_annotate(const AnnotateArgs& args, const Io& io);

}  // namespace pips::cli
