// pips: checks recorded domino games written in DGN 1. The subcommands live
// in check.cpp, fmt.cpp and annotate.cpp; the work in commands.hpp.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/nearest.hpp"
#include "cli/subcommands.hpp"
#include "cli/version.hpp"

namespace {

using pips::cli::nearest_name;

// Every subcommand: the name its set-up gives it, in the order of
// `pips --help`.
struct Subcommand {
    const char* name;
    void (*setup)(CLI::App&);
};
constexpr Subcommand kSubcommands[] = {
    {"check", pips::cli::setup_check},       {"fmt", pips::cli::setup_fmt},
    {"annotate", pips::cli::setup_annotate}, {"analyze", pips::cli::setup_analyze},
    {"render", pips::cli::setup_render},     {"view", pips::cli::setup_view},
    {"generate", pips::cli::setup_generate}, {"rescore", pips::cli::setup_rescore},
    {"perft", pips::cli::setup_perft},       {"select", pips::cli::setup_select},
    {"stats", pips::cli::setup_stats},
};

// "usage: pips SUBCOMMAND [OPTIONS] [FILE...]" and the subcommands, one a line.
std::string usage(CLI::App& app) {
    std::string out = "usage: pips SUBCOMMAND [OPTIONS] [FILE...]\n\nSubcommands:\n";
    for (const CLI::App* sub : app.get_subcommands({})) {
        std::string name = sub->get_name();
        name.resize(std::max<std::size_t>(name.size(), 10), ' ');
        out += "  " + name + "  " + sub->get_description() + "\n";
    }
    out += "\nRun 'pips SUBCOMMAND --help' for the options of each subcommand.\n";
    return out;
}

// A first argument that is no option and no subcommand: said once with the
// nearest subcommand name and the usage. False when argv names a subcommand
// or starts with an option.
bool unknown_subcommand(CLI::App& app, int argc, char** argv) {
    if (argc < 2) {
        std::fputs(usage(app).c_str(), stderr);
        return true;
    }
    const std::string_view word = argv[1];
    if (word.empty() || word.front() == '-') return false;
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) {
        if (sub->get_name() == word) return false;
        names.push_back(sub->get_name());
    }
    const std::string best = nearest_name(word, names);
    std::string line = "pips: error: unknown subcommand '" + std::string(word) + "'";
    if (!best.empty()) line += "; did you mean '" + best + "'?";
    line += "\n";
    std::fputs(line.c_str(), stderr);
    std::fputs(usage(app).c_str(), stderr);
    return true;
}

// After an argument error: for each `--word` the subcommand does not know,
// the nearest of its long option names (within two edits), if any.
void suggest_options(CLI::App& app, int argc, char** argv) {
    if (argc < 2) return;
    const CLI::App* sub = nullptr;
    for (const CLI::App* s : app.get_subcommands({}))
        if (s->get_name() == argv[1]) sub = s;
    if (!sub) return;
    std::vector<std::string> names;
    for (const CLI::Option* o : sub->get_options())
        for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
    for (int i = 2; i < argc; ++i) {
        std::string_view word = argv[i];
        if (word == "--") break;
        if (!word.starts_with("--")) continue;
        word = word.substr(0, word.find('='));
        if (std::find(names.begin(), names.end(), word) != names.end()) continue;
        const std::string best = nearest_name(word, names);
        if (!best.empty())
            std::fprintf(stderr, "pips: unknown option '%.*s'; did you mean '%s'?\n",
                         static_cast<int>(word.size()), word.data(), best.c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);

    CLI::App app{"pips checks recorded domino games written in DGN 1 (Domino Game Notation).",
                 "pips"};
    app.set_version_flag("--version", pips::cli::version_line());
    app.require_subcommand(1);
    app.footer(
        "Examples:\n"
        "  pips check corpus/valid/jamaican/*.dgn\n"
        "  pips check --format json games.dgn\n"
        "  pips fmt game.dgn\n"
        "  pips annotate game.dgn\n"
        "  pips generate --rules jamaican --matches 10 --seed 7 > games.dgn\n"
        "  pips render --hand 2 --ply 9 game.dgn -o hand2.svg\n"
        "  pips view game.dgn -o game.html\n"
        "  pips rescore --rules chiva game.dgn\n"
        "  pips perft --depth 8 deal.dgn\n"
        "  pips select --invalid --code illegal-pass season.dgn\n"
        "  pips stats --by Event --format csv season.dgn\n"
        "\n"
        "Run pips SUBCOMMAND --help for the options of each subcommand.\n"
        "Exit status: 0 valid, 1 invalid, 2 could not run (bad arguments, unreadable file).");
    // Only the subcommand named when the first word names one: setting up
    // every subcommand's options took about a fifth of an empty check's
    // time (docs/performance.md, thirteenth round), and a score sheet is
    // often checked alone. Anything else (no subcommand, --help, a
    // misspelt name) gets them all.
    const Subcommand* named = nullptr;
    if (argc >= 2)
        for (const Subcommand& sub : kSubcommands)
            if (std::string_view(argv[1]) == sub.name) named = &sub;
    if (named != nullptr) {
        named->setup(app);
        const auto subs = app.get_subcommands({});
        if (subs.size() != 1 || subs[0]->get_name() != named->name) {
            std::fprintf(stderr,
                         "pips: internal error: subcommand '%s' set up under another name\n",
                         named->name);
            return pips::cli::kExitCannotRun;
        }
    } else {
        for (const Subcommand& sub : kSubcommands) sub.setup(app);
    }

    if (unknown_subcommand(app, argc, argv)) return pips::cli::kExitCannotRun;
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();  // a subcommand's own exit code
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; CLI11's argument errors exit 2.
        if (app.exit(e) == 0) return pips::cli::kExitValid;
        suggest_options(app, argc, argv);
        return pips::cli::kExitCannotRun;
    } catch (const std::exception& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "pips: internal error: %s\n", e.what());
        return pips::cli::kExitCannotRun;
    }
    return pips::cli::kExitValid;
}
