#include "cli/commands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <utility>

#include "checker/checker.hpp"
#include "cli/annotate_out.hpp"
#include "cli/check_pipeline.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "cli/json.hpp"
#include "cli/progress.hpp"
#include "cli/report.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace pips::cli {

namespace {

// Writes a problem with an input or the run ("pips: error: ...") on `err`.
void say_error(Output& err, const Diagnostic& d) {
    render_diagnostic(err.buf(), d, nullptr, false);
    err.flush();
}

Diagnostic internal_error(const std::string& name, std::size_t index, std::string_view what) {
    return {name,
            {},
            std::string(kInternal),
            fmt::format("{}: record {}: internal error: {}", name, index, what)};
}

// The progress line of a run that prints records (fmt, annotate), as for
// check: on a terminal `err`, for large input, cleared before anything else
// is written there.
class RunProgress {
public:
    RunProgress(bool on, const std::vector<std::string>& files, const Io& io,
                std::uint64_t min_bytes)
        : on_(on && is_terminal(io.err)),
          progress_(io.err, on_, on_ ? input_size(files) : 0, min_bytes,
                    std::chrono::steady_clock::now()),
          out_shares_terminal_(on_ && is_terminal(io.out)) {}

    // After a record: the buffers written out when full (the line taken off
    // the terminal first), the line redrawn.
    void after_record(Output& out, Output& err, std::uint64_t bytes_in_file) {
        ++records_;
        if ((out_shares_terminal_ && out.buf().size() >= Output::kBlock) ||
            err.buf().size() >= Output::kBlock)
            progress_.clear();
        out.maybe_flush();
        err.maybe_flush();
        progress_.update(bytes_before_ + bytes_in_file, records_);
    }
    void end_of_file(std::uint64_t bytes_in_file) { bytes_before_ += bytes_in_file; }
    void clear() { progress_.clear(); }

private:
    bool on_;
    Progress progress_;
    bool out_shares_terminal_;
    std::uint64_t bytes_before_ = 0;
    std::uint64_t records_ = 0;
};

// Hands each record of one input to fn(record, index), index counting from 1.
// False, after saying why on `err`, when the input cannot be read or a
// record could not be handled.
template <class Fn>
bool for_each_record(const std::string& path, const Io& io, Output& out, Output& err,
                     RunProgress& progress, Fn&& fn) {
    Input input(path, *io.in, Output::kBlock);
    const std::string& name = input.name();
    if (const Diagnostic* d = input.error()) {
        progress.clear();
        out.flush();
        say_error(err, *d);
        return false;
    }
    std::istream* in = &input.stream();
    bool ok = true;
    parser::RecordReader reader(*in);
    ast::Record record;
    std::size_t index = 0;
    while (reader.next(record)) {
        ++index;
        try {
            fn(record, index);
        } catch (const std::exception& e) {
            progress.clear();
            out.flush();
            say_error(err, internal_error(name, index, e.what()));
            ok = false;
        }
        progress.after_record(out, err, reader.bytes_read());
    }
    progress.end_of_file(reader.bytes_read());
    if (auto d = input.read_error()) {
        progress.clear();
        out.flush();
        say_error(err, *d);
        return false;
    }
    return ok;
}

// Exit code of a run: could not run beats invalid beats valid.
int exit_code(bool ran, bool all_valid) {
    if (!ran) return kExitCannotRun;
    return all_valid ? kExitValid : kExitInvalid;
}

// The comments of `pips annotate`: the checker's notes, and each error as a
// note where it happened (unless a note there already says it).
parser::Notes annotation_notes(const checker::Verdict& v) {
    parser::Notes notes;
    notes.reserve(v.notes.size() + v.errors.size());
    for (const auto& n : v.notes) notes.emplace_back(n.pos, n.text);
    for (const auto& d : v.errors) {
        bool known = false;
        const std::string& text = d.comment.empty() ? d.message : d.comment;
        for (const auto& n : v.notes) known |= n.pos == d.pos && n.text == text;
        if (!known) notes.emplace_back(d.pos, error_label(checker::code_name(d.code), text));
    }
    std::stable_sort(notes.begin(), notes.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    return notes;
}

}  // namespace

Io standard_io(ColorWhen when) {
    Io io;
    io.color_out = when == ColorWhen::always || (when == ColorWhen::automatic && use_color(stdout));
    io.color_err = when == ColorWhen::always || (when == ColorWhen::automatic && use_color(stderr));
    return io;
}

namespace {

// Writes the items of a check run in input order: the records' output on
// `out`, problems with the inputs on `err`, the progress line on a terminal;
// counts the records.
class CheckWriter {
public:
    CheckWriter(const CheckArgs& args, const Io& io, const CheckContext& ctx,
                std::chrono::steady_clock::time_point start)
        : ctx_(ctx),
          start_(start),
          out_(io.out),
          err_(io.err),
          show_progress_(args.progress && !args.quiet && is_terminal(io.err)),
          progress_(io.err, show_progress_, show_progress_ ? input_size(args.files) : 0,
                    args.progress_min_bytes, start),
          out_shares_terminal_(show_progress_ && is_terminal(io.out)) {}

    void write(const CheckItem& item) {
        if (item.kind == CheckItem::Kind::file_error) {
            problem(item.problem);
        } else if (!item.error.empty()) {
            problem(internal_error(ctx_.names[item.file], item.index, item.error));
        } else {
            tally_.add(item.valid, item.unfinished, item.hands, item.plies);
            out_.buf() += item.out;
        }
        if (out_shares_terminal_ && out_.buf().size() >= Output::kBlock) progress_.clear();
        out_.maybe_flush();
        err_.maybe_flush();
        progress_.update(item.bytes, tally_.records);
    }

    // Everything written; the summary and the statistics line as asked.
    int finish(const CheckArgs& args, std::uint64_t bytes) {
        progress_.clear();
        int code = finish_output(out_, err_, exit_code(ran_, tally_.invalid == 0));
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (!args.quiet)
            fmt::format_to(std::back_inserter(err_.buf()), "{}\n", summary_line(tally_));
        if (args.stats)
            fmt::format_to(std::back_inserter(err_.buf()), "{}\n",
                           stats_line(tally_, bytes, seconds));
        err_.flush();
        return code;
    }

private:
    void problem(const Diagnostic& d) {
        progress_.clear();
        out_.flush();
        say_error(err_, d);
        ran_ = false;
    }

    const CheckContext& ctx_;
    std::chrono::steady_clock::time_point start_;
    Output out_;
    Output err_;
    bool show_progress_;
    Progress progress_;
    bool out_shares_terminal_;
    Tally tally_;
    bool ran_ = true;
};

}  // namespace

int run_check(const CheckArgs& args, const Io& io) {
    const auto start = std::chrono::steady_clock::now();
    CheckContext ctx;
    ctx.format = args.format;
    ctx.color = io.color_out;
    for (const auto& path : args.files) {
        ctx.names.push_back(display_name(path));
        if (args.format == Format::json) ctx.json.emplace_back(ctx.names.back());
    }
    CheckWriter writer(args, io, ctx, start);

    Splitter splitter(args.files, io);
    run_pipeline(splitter, ctx, args.jobs, [&](const CheckItem& item) { writer.write(item); });
    return writer.finish(args, splitter.bytes());
}

int run_fmt(const FmtArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    bool ran = true;
    bool clean = true;
    bool first = true;
    parser::PrintOptions options;
    options.strip_notes = args.strip_annotations;
    RunProgress progress(args.progress, args.files, io, args.progress_min_bytes);
    checker::CheckOptions labels;
    labels.data = true;
    ast::Record labelled;
    const auto print = [&](const std::string& name, const ast::Record& record) {
        if (record.errors.empty() || !args.strict) {
            if (!first) out.buf() += '\n';
            first = false;
            // What the parser could not read is kept: a record with syntax
            // errors is printed as written.
            if (!record.errors.empty()) {
                out.buf() += parser::print_as_written(record, options);
            } else if (args.label &&
                       add_labels(record, checker::check_record(record, labels), labelled)) {
                out.buf() += parser::print_record(labelled, nullptr, options);
            } else {
                out.buf() += parser::print_record(record, nullptr, options);
            }
        }
        if (!record.errors.empty()) {
            clean = false;
            render_syntax_errors(err.buf(), name, record, io.color_err);
        }
    };
    for (const auto& path : args.files) {
        const std::string name = display_name(path);
        ran &=
            for_each_record(path, io, out, err, progress,
                            [&](const ast::Record& record, std::size_t) { print(name, record); });
    }
    progress.clear();
    return finish_output(out, err, exit_code(ran, clean));
}

int run_annotate(const AnnotateArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    bool ran = true;
    bool all_valid = true;
    bool first = true;
    checker::CheckOptions options;
    options.annotate = args.format != Format::csv;
    options.data = args.format != Format::dgn;
    RunProgress progress(args.progress, args.files, io, args.progress_min_bytes);
    const auto annotate = [&](const std::string& name, const ast::Record& record, std::size_t i) {
        checker::Verdict v = checker::check_record(record, options);
        all_valid &= v.valid;
        if (args.format == Format::json) {
            render_annotate_json(out.buf(), name, i, record_line(record, v), v);
            return;
        }
        if (args.format == Format::csv) {
            if (first) render_annotate_csv_header(out.buf());
            first = false;
            render_annotate_csv(out.buf(), name, i, v);
            return;
        }
        if (!first) out.buf() += '\n';
        first = false;
        const parser::Notes notes = annotation_notes(v);
        if (record.errors.empty()) {
            // The notes the record holds are replaced by the new ones.
            out.buf() += parser::print_record(record, &notes);
        } else {
            // As written (nothing lost), its old notes dropped and the new
            // ones after the lines they are about.
            parser::PrintOptions strip;
            strip.strip_notes = true;
            out.buf() += parser::print_as_written(record, strip, &notes);
        }
        render_verdict_errors(err.buf(), name, record, v, io.color_err);
    };
    for (const auto& path : args.files) {
        const std::string name = display_name(path);
        ran &= for_each_record(
            path, io, out, err, progress,
            [&](const ast::Record& record, std::size_t i) { annotate(name, record, i); });
    }
    progress.clear();
    return finish_output(out, err, exit_code(ran, all_valid));
}

}  // namespace pips::cli
