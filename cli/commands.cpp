#include "cli/commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "checker/checker.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "cli/json.hpp"
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

// Hands each record of one input to fn(record, index), index counting from 1.
// False, after saying why on `err`, when the input cannot be read or a
// record could not be handled.
template <class Fn>
bool for_each_record(const std::string& path, const Io& io, Output& out, Output& err, Fn&& fn) {
    Input input(path, *io.in, Output::kBlock);
    const std::string& name = input.name();
    if (const Diagnostic* d = input.error()) {
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
            out.flush();
            say_error(err, internal_error(name, index, e.what()));
            ok = false;
        }
        out.maybe_flush();
        err.maybe_flush();
    }
    if (auto d = input.read_error()) {
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

// Finishes a run: everything written, or exit code 2.
int finish(Output& out, Output& err, int code) {
    if (!out.flush()) {
        say_error(err, {"", {}, std::string(kCannotWrite), "cannot write the output"});
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

namespace {

// --- pips check: split, check, write -------------------------------------
//
// A run is a sequence of items in input order: each record of each file,
// and a message where a file cannot be opened or read. Splitting the input
// into records' texts (the parser's RecordReader::next_text) is sequential;
// parsing and checking a record and rendering its output into the item's own
// string is independent of every other record, so with --jobs N that part
// runs on N threads (run_pipeline); writing is in input order again. With
// --jobs 1 the three steps run one after another on the calling thread,
// through the same functions, so the output is the same.

struct CheckItem {
    enum class Kind { record, file_error };
    Kind kind = Kind::record;
    std::size_t seq = 0;      // place in the run
    std::size_t owner = 0;    // the thread whose items it is among (--jobs N)
    std::size_t file = 0;     // index into the run's names
    std::size_t index = 0;    // the record's number in its file, from 1
    std::uint64_t bytes = 0;  // input bytes split so far, over all files
    std::size_t size = 0;     // the record's text size, for the in-flight limit
    // The record's text as split, and the file line of its first byte; once
    // parsed, the buffer of an earlier record's text, for reuse.
    std::string text;
    std::uint32_t first_line = 1;
    // The outcome: the output to write, or why the record (kind record: an
    // internal error) or the file (kind file_error) could not be handled.
    std::string out;
    std::string error;
    Diagnostic problem;
    bool valid = true;
    bool unfinished = false;
    int hands = 0;
    std::uint64_t plies = 0;
};
using ItemPtr = std::unique_ptr<CheckItem>;

// What checking a record needs to know of the run; read-only while the
// threads run.
struct CheckContext {
    std::vector<std::string> names;  // display names of the files
    std::vector<VerdictJson> json;   // per file, with --format json
    Format format = Format::text;
    bool color = false;
};

// What a thread that parses and checks records reuses from one record to
// the next: the tree of the last record and the parser's spare storage.
struct Worker {
    ast::Record record;
    parser::Spare spare;
};

// Parses and checks the item's record and renders its output into item.out.
// Valid records cost nothing in text mode (no diagnostics to render) and one
// prebuilt head plus a few appends in JSON mode. The tree is built in the
// worker's record, in the storage of the one before.
void check_item(CheckItem& item, const CheckContext& ctx, Worker& w) {
    if (item.kind != CheckItem::Kind::record) return;
    item.out.clear();
    try {
        parser::parse_into(w.record, std::move(item.text), item.first_line, w.spare);
        checker::Verdict v = checker::check_record(w.record);
        item.valid = v.valid;
        item.unfinished = v.unfinished;
        item.hands = v.hands;
        item.plies = v.plies;
        if (ctx.format == Format::json)
            ctx.json[item.file].render(item.out, item.index, record_line(w.record, v), v);
        else if (!v.errors.empty())
            error_diagnostics(item.out, ctx.names[item.file], w.record, v, ctx.color);
    } catch (const std::exception& e) {
        item.out.clear();
        item.error = e.what();
    }
}

// Readies an item for reuse; keeps its buffers unless they grew large.
void recycle(CheckItem& item) {
    constexpr std::size_t kKeep = std::size_t{1} << 16;
    item.kind = CheckItem::Kind::record;
    item.error.clear();
    item.out.clear();
    if (item.out.capacity() > kKeep) std::string().swap(item.out);
    if (item.text.capacity() > 4 * kKeep) std::string().swap(item.text);
}

// Splits the files into items, in input order, one at a time; the parser's
// RecordReader does the splitting. Not thread-safe: one thread at a time.
class Splitter {
public:
    Splitter(const std::vector<std::string>& files, const Io& io) : files_(files), io_(io) {}

    // Fills `item` with the next record, or with a message about a file that
    // cannot be opened or read; false at the end of the input.
    bool next(CheckItem& item) {
        for (;;) {
            if (!reader_) {
                if (file_ == files_.size()) return false;
                if (!open(item)) return true;  // a file error
            }
            if (reader_->next_text(item.text, item.first_line)) {
                item.kind = CheckItem::Kind::record;
                item.seq = seq_++;
                item.file = file_;
                item.index = ++index_;
                item.bytes = bytes();
                item.size = item.text.size();
                return true;
            }
            done_bytes_ += reader_->bytes_read();
            reader_.reset();
            std::optional<Diagnostic> bad = input_->read_error();
            input_.reset();
            if (bad) {
                file_error(item, std::move(*bad));
                ++file_;
                return true;
            }
            ++file_;
        }
    }

    // Input bytes split so far.
    std::uint64_t bytes() const { return done_bytes_ + (reader_ ? reader_->bytes_read() : 0); }

private:
    // Opens files_[file_] and starts reading it; false, with `item` a file
    // error and the file skipped, when it cannot be read.
    bool open(CheckItem& item) {
        input_.emplace(files_[file_], *io_.in, kSplitBuffer);
        if (const Diagnostic* d = input_->error()) {
            file_error(item, *d);
            input_.reset();
            ++file_;
            return false;
        }
        reader_.emplace(input_->stream());
        index_ = 0;
        return true;
    }

    void file_error(CheckItem& item, Diagnostic problem) {
        item.kind = CheckItem::Kind::file_error;
        item.seq = seq_++;
        item.file = file_;
        item.index = 0;
        item.bytes = done_bytes_;
        item.size = 0;
        item.problem = std::move(problem);
    }

    const std::vector<std::string>& files_;
    const Io& io_;
    std::size_t file_ = 0;  // the file being read, or the next one to open
    static constexpr std::size_t kSplitBuffer = std::size_t{1} << 18;
    std::optional<Input> input_;                  // while a file is open
    std::optional<parser::RecordReader> reader_;  // reading input_
    std::size_t index_ = 0;                       // records handed out of this file
    std::size_t seq_ = 0;                         // items handed out
    std::uint64_t done_bytes_ = 0;                // of the files read to the end
};

// Records split in one go by one thread, which then parses and checks them:
// fewer hand-overs between threads. With records of 10 to 15 kB (a match),
// 64 kB batches gave 1.85 to 1.93 times the speed of one job on two cores,
// 16 kB ones 1.78 to 1.88 (the in-flight limit below then held a thread
// back more often).
constexpr std::size_t kBatch = 64;                          // records
constexpr std::size_t kBatchBytes = std::size_t{64} << 10;  // record text
// At most this much in flight between splitting and writing, so that the
// memory of a run stays flat whatever the input size: room for every thread
// to check a batch and for as many batches again waiting for an earlier one
// to be written. The item limit is the size of the ring they wait in.
constexpr std::size_t kMaxInFlight = 256;  // items
std::size_t max_in_flight_bytes(unsigned jobs) {
    return (2 * static_cast<std::size_t>(jobs) + 1) * kBatchBytes;
}

// --jobs N > 1: N threads (the calling one and N - 1 more), each in turn
// splitting a batch of records (one thread at a time: splitting is
// sequential, and only finds where records end and copies their text) and
// then parsing and checking that batch itself while another thread splits
// the next one. The thread that finishes the record next in input order
// writes it and every checked one after it, so the output is in input order.
//
// Why not a reader thread feeding checker threads: on the 2-core benchmark
// machine that is three busy threads on two cores. Each record's tree (10 to
// 20 times its text) is built and checked by one thread, in the storage of
// that thread's previous trees (Worker), so it stays in that core's cache;
// only the text crosses from the splitting core.
//
// Rethrows what splitting or writing threw, after the threads have stopped
// (splitting: once every item split before it has been written).
template <class Write>
void run_pipeline(Splitter& splitter, const CheckContext& ctx, unsigned jobs, Write&& write) {
    std::mutex mutex;
    std::condition_variable wake;
    std::vector<ItemPtr> ready(kMaxInFlight);       // checked, by seq % kMaxInFlight
    std::vector<std::vector<ItemPtr>> pools(jobs);  // written, for reuse by their owner
    std::size_t split = 0;                          // items split
    std::size_t written = 0;                        // items written
    std::size_t bytes_in_flight = 0;
    bool splitting = false;
    bool writing = false;
    bool split_done = false;
    bool stop = false;  // writing failed
    std::exception_ptr split_error, write_error;
    const std::size_t max_bytes = max_in_flight_bytes(jobs);

    // Writes the checked items in order from `written` on, while no other
    // thread does. Called and returns with the lock held.
    auto write_ready = [&](std::unique_lock<std::mutex>& lock) {
        if (writing) return;
        writing = true;
        while (!stop && ready[written % kMaxInFlight]) {
            ItemPtr next = std::move(ready[written % kMaxInFlight]);
            lock.unlock();
            try {
                write(*next);
                recycle(*next);
            } catch (...) {
                lock.lock();
                write_error = std::current_exception();
                stop = true;
                break;
            }
            lock.lock();
            ++written;
            bytes_in_flight -= next->size;
            pools[next->owner].push_back(std::move(next));
        }
        writing = false;
        wake.notify_all();  // room to split, or the end
    };

    auto work = [&](std::size_t self) {
        std::vector<ItemPtr> batch;
        Worker worker;
        std::unique_lock lock(mutex);
        for (;;) {
            if (stop) return;
            if (split_done && !splitting && written == split) return;
            if (splitting || split_done || split - written + kBatch > kMaxInFlight ||
                bytes_in_flight >= max_bytes) {
                wake.wait(lock);
                continue;
            }
            // Split a batch, into items this thread used before where it has
            // some (their trees' storage is reused), taken one at a time so
            // that no more are made than are filled.
            splitting = true;
            lock.unlock();
            std::size_t n = 0;
            std::size_t bytes = 0;
            bool end = false;
            std::exception_ptr error;
            try {
                for (; n < kBatch && bytes < kBatchBytes; ++n) {
                    if (batch.size() == n) {
                        std::lock_guard pool_lock(mutex);
                        auto& pool = pools[self];
                        if (pool.empty()) {
                            batch.push_back(std::make_unique<CheckItem>());
                            batch.back()->owner = self;
                        } else {
                            batch.push_back(std::move(pool.back()));
                            pool.pop_back();
                        }
                    }
                    if (!splitter.next(*batch[n])) {
                        end = true;
                        break;
                    }
                    bytes += batch[n]->size;
                }
            } catch (...) {
                error = std::current_exception();
                end = true;
            }
            lock.lock();
            splitting = false;
            split += n;
            bytes_in_flight += bytes;
            if (end) split_done = true;
            if (error) split_error = error;
            for (std::size_t i = n; i < batch.size(); ++i)
                pools[self].push_back(std::move(batch[i]));
            batch.resize(n);
            wake.notify_all();  // the splitter is free
            // Parse and check the batch on this thread.
            lock.unlock();
            for (auto& item : batch) check_item(*item, ctx, worker);
            lock.lock();
            const bool first_is_next = n > 0 && batch.front()->seq == written;
            for (auto& item : batch) ready[item->seq % kMaxInFlight] = std::move(item);
            batch.clear();
            if (first_is_next) write_ready(lock);
        }
    };

    std::vector<std::thread> threads;
    threads.reserve(jobs - 1);
    for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(work, j);
    work(0);
    for (auto& t : threads) t.join();
    if (write_error) std::rethrow_exception(write_error);
    if (split_error) std::rethrow_exception(split_error);
}

// The progress line of a long run, on a terminal: redrawn in place at most
// four times a second, cleared at the end and before anything else is
// written to the same terminal.
class Progress {
public:
    using Clock = std::chrono::steady_clock;

    // Shown from the start when `total` (0: unknown) is over `large`, and
    // once `large` bytes have gone by when it is unknown.
    Progress(std::FILE* file, bool on, std::uint64_t total, std::uint64_t large,
             Clock::time_point start)
        : file_(file),
          on_(on && (total == 0 || total > large)),
          total_(total),
          large_(large),
          start_(start),
          next_(start) {}

    void update(std::uint64_t bytes, std::uint64_t records) {
        if (!on_) return;
        if (total_ == 0 && bytes <= large_) return;
        Clock::time_point now = Clock::now();
        if (now < next_) return;
        next_ = now + kPeriod;
        const double seconds = std::chrono::duration<double>(now - start_).count();
        // Not fmt::print, which throws when a write fails: a progress line is
        // not worth stopping the run for.
        const std::string line =
            fmt::format("\r{}{}", progress_line(bytes, total_, records, seconds), kEraseLine);
        std::fwrite(line.data(), 1, line.size(), file_);
        std::fflush(file_);
        shown_ = true;
    }
    void clear() {
        if (!shown_) return;
        const std::string line = fmt::format("\r{}", kEraseLine);
        std::fwrite(line.data(), 1, line.size(), file_);
        std::fflush(file_);
        shown_ = false;
    }
    bool shown() const { return shown_; }

private:
    static constexpr auto kPeriod = std::chrono::milliseconds(250);
    static constexpr std::string_view kEraseLine = "\x1b[K";  // to the end of the line
    std::FILE* file_;
    bool on_;
    std::uint64_t total_;
    std::uint64_t large_;
    Clock::time_point start_;
    Clock::time_point next_;
    bool shown_ = false;
};

bool is_terminal(std::FILE* file) {
    return ::isatty(::fileno(file)) == 1;
}

}  // namespace

int run_check(const CheckArgs& args, const Io& io) {
    const auto start = std::chrono::steady_clock::now();
    Output out(io.out);
    Output err(io.err);
    Tally tally;
    bool ran = true;

    CheckContext ctx;
    ctx.format = args.format;
    ctx.color = io.color_out;
    for (const auto& path : args.files) {
        ctx.names.push_back(display_name(path));
        if (args.format == Format::json) ctx.json.emplace_back(ctx.names.back());
    }

    const bool show_progress = args.progress && !args.quiet && is_terminal(io.err);
    Progress progress(io.err, show_progress, show_progress ? input_size(args.files) : 0,
                      args.progress_min_bytes, start);
    const bool out_shares_terminal = show_progress && is_terminal(io.out);

    auto write = [&](const CheckItem& item) {
        if (item.kind == CheckItem::Kind::file_error) {
            progress.clear();
            out.flush();
            say_error(err, item.problem);
            ran = false;
        } else if (!item.error.empty()) {
            progress.clear();
            out.flush();
            say_error(err, internal_error(ctx.names[item.file], item.index, item.error));
            ran = false;
        } else {
            tally.add(item.valid, item.unfinished, item.hands, item.plies);
            out.buf() += item.out;
        }
        if (out_shares_terminal && out.buf().size() >= Output::kBlock) progress.clear();
        out.maybe_flush();
        err.maybe_flush();
        progress.update(item.bytes, tally.records);
    };

    unsigned jobs = args.jobs;
    if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
    Splitter splitter(args.files, io);
    if (jobs == 1) {
        CheckItem item;
        Worker worker;
        while (splitter.next(item)) {
            check_item(item, ctx, worker);
            write(item);
            recycle(item);
        }
    } else {
        run_pipeline(splitter, ctx, jobs, write);
    }
    const std::uint64_t bytes = splitter.bytes();

    progress.clear();
    int code = finish(out, err, exit_code(ran, tally.invalid == 0));
    if (!args.quiet) {
        err.buf() += summary_line(tally);
        err.buf() += '\n';
    }
    if (args.stats) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        err.buf() += stats_line(tally, bytes, seconds);
        err.buf() += '\n';
    }
    err.flush();
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
                std::string text = error_label(checker::code_name(d.code), d.message);
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
