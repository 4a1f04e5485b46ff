#include "cli/commands.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <utility>

#include "checker/checker.hpp"
#include "cli/report.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace pips::cli {

namespace {

void say_error(Output& err, std::string_view what) {
    err.buf() += "pips: error: ";
    err.buf() += what;
    err.buf() += '\n';
    err.flush();
}

// Hands each record of one input to fn(record, index), index counting from 1.
// False, after saying why on `err`, when the input cannot be read or a
// record could not be handled.
template <class Fn>
bool for_each_record(const std::string& path, const Io& io, Output& out, Output& err, Fn&& fn) {
    std::string name = display_name(path);
    std::ifstream file;
    std::vector<char> block;
    std::istream* in = io.in;
    if (path != "-") {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            out.flush();
            say_error(err, "cannot read '" + name + "': is a directory");
            return false;
        }
        block.resize(Output::kBlock);
        file.rdbuf()->pubsetbuf(block.data(), static_cast<std::streamsize>(block.size()));
        errno = 0;
        file.open(path, std::ios::binary);
        if (!file) {
            int e = errno;
            out.flush();
            say_error(err, "cannot open '" + name +
                               "': " + (e != 0 ? std::strerror(e) : "cannot be read"));
            return false;
        }
        in = &file;
    }
    bool ok = true;
    parser::RecordReader reader(*in);
    ast::Record record;
    std::size_t index = 0;
    while (reader.next(record)) {
        ++index;
        try {
            fn(record, index);
        } catch (const std::exception& e) {
            out.flush();
            say_error(err,
                      name + ": record " + std::to_string(index) + ": internal error: " + e.what());
            ok = false;
        }
        out.maybe_flush();
        err.maybe_flush();
    }
    if (in->bad()) {
        out.flush();
        say_error(err, "cannot read '" + name + "': read error");
        return false;
    }
    return ok;
}

// Exit code of a run: could not run beats invalid beats valid.
int exit_code(bool ran, bool all_valid) {
    if (!ran) return kExitCannotRun;
    return all_valid ? kExitValid : kExitInvalid;
}

// Finishes a run: everything written, or exit code 2.
int finish(Output& out, Output& err, int code) {
    if (!out.flush()) {
        say_error(err, "cannot write the output");
        code = kExitCannotRun;
    }
    err.flush();
    return code;
}

void syntax_diagnostics(std::string& buf, const std::string& name, const ast::Record& record,
                        bool color) {
    for (const auto& e : record.errors)
        render_diagnostic(buf, name, record, e.pos, "syntax", e.message, color);
}

void error_diagnostics(std::string& buf, const std::string& name, const ast::Record& record,
                       const checker::Verdict& v, bool color) {
    for (const auto& d : v.errors)
        render_diagnostic(buf, name, record, d.pos, checker::code_name(d.code), d.message, color);
}

}  // namespace

Io standard_io() {
    Io io;
    io.color_out = use_color(stdout);
    io.color_err = use_color(stderr);
    return io;
}

int run_check(const CheckArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    Tally tally;
    bool ran = true;
    for (const auto& path : args.files) {
        std::string name = display_name(path);
        ran &= for_each_record(path, io, out, err, [&](const ast::Record& record, std::size_t i) {
            checker::Verdict v = checker::check_record(record);
            tally.add(v);
            if (args.format == Format::json)
                render_verdict_json(out.buf(), name, i, record_line(record, v), v);
            else
                error_diagnostics(out.buf(), name, record, v, io.color_out);
        });
    }
    int code = finish(out, err, exit_code(ran, tally.invalid == 0));
    if (!args.quiet) {
        err.buf() += summary_line(tally);
        err.buf() += '\n';
        err.flush();
    }
    return code;
}

int run_fmt(const FmtArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    bool ran = true;
    bool clean = true;
    bool first = true;
    for (const auto& path : args.files) {
        std::string name = display_name(path);
        ran &= for_each_record(path, io, out, err, [&](const ast::Record& record, std::size_t) {
            if (!first) out.buf() += '\n';
            first = false;
            out.buf() += parser::print_record(record);
            if (!record.errors.empty()) {
                clean = false;
                syntax_diagnostics(err.buf(), name, record, io.color_err);
            }
        });
    }
    return finish(out, err, exit_code(ran, clean));
}

int run_annotate(const AnnotateArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    bool ran = true;
    bool all_valid = true;
    bool first = true;
    checker::CheckOptions options;
    options.annotate = true;
    for (const auto& path : args.files) {
        std::string name = display_name(path);
        ran &= for_each_record(path, io, out, err, [&](const ast::Record& record, std::size_t i) {
            checker::Verdict v = checker::check_record(record, options);
            all_valid &= v.valid;
            if (args.format == Format::json) {
                render_annotate_json(out.buf(), name, i, v);
                return;
            }
            // The notes, and each error as a note where it happened.
            parser::Notes notes;
            notes.reserve(v.notes.size() + v.errors.size());
            for (const auto& n : v.notes) notes.emplace_back(n.pos, n.text);
            for (const auto& d : v.errors) {
                std::string text =
                    std::string("error[") + checker::code_name(d.code) + "]: " + d.message;
                bool known = false;
                for (const auto& n : v.notes) known |= n.pos == d.pos && n.text == d.message;
                if (!known) notes.emplace_back(d.pos, std::move(text));
            }
            std::stable_sort(notes.begin(), notes.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
            if (!first) out.buf() += '\n';
            first = false;
            out.buf() += parser::print_record(record, &notes);
            error_diagnostics(err.buf(), name, record, v, io.color_err);
        });
    }
    return finish(out, err, exit_code(ran, all_valid));
}

}  // namespace pips::cli
