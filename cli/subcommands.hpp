// The subcommands of `pips`, one file each (check.cpp, fmt.cpp,
// annotate.cpp, analyze.cpp, render.cpp, view.cpp, generate.cpp, rescore.cpp, perft.cpp,
// select.cpp, stats.cpp): each adds
// itself to the app with its options and a callback that runs the library call in commands.hpp.
// Only those files and main.cpp include CLI11.
#pragma once

#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace pips::cli {

// A callback ends the program with its exit code by throwing
// CLI::RuntimeError(code); main.cpp turns CLI11's own errors into code 2.
void setup_check(CLI::App& app);
void setup_fmt(CLI::App& app);
void setup_annotate(CLI::App& app);
void setup_analyze(CLI::App& app);
void setup_render(CLI::App& app);
void setup_view(CLI::App& app);
void setup_generate(CLI::App& app);
void setup_rescore(CLI::App& app);
void setup_perft(CLI::App& app);
void setup_select(CLI::App& app);
void setup_stats(CLI::App& app);

// `--color=auto|always|never` on a subcommand that prints diagnostics (into
// `when`, which starts as "auto"), and the value it names.
void add_color_option(CLI::App& sub, std::string& when);
ColorWhen color_when(const std::string& when);

// `-j,--jobs N` as pips check has it (select, stats).
void add_jobs_option(CLI::App& sub, unsigned& jobs);

// Refuses an option value that is none of `names` with "unknown WHAT 'x'; did
// you mean 'y'?".
void check_one_of(CLI::Option& option, std::string what, std::vector<std::string> names);

}  // namespace pips::cli
