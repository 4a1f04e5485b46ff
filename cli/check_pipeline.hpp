// pips check's run, split from checking from writing, on one thread or N.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/checker.hpp"
#include "cli/commands.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "cli/json.hpp"
#include "parser/parser.hpp"

namespace pips::cli {

// A run is a sequence of items in input order: each record of each file,
// and a message where a file cannot be opened or read. Splitting the input
// into records' texts (the parser's RecordReader::next_text) is sequential;
// parsing and checking a record and rendering its output into the item's own
// string is independent of every other record, so with --jobs N that part
// runs on N threads (run_pipeline); writing is in input order again. With
// --jobs 1 the three steps run one after another on the calling thread,
// through the same functions, so the output is the same.

// What a subcommand other than check keeps of a record for its writer
// (select, stats): made by its RecordHook on the checking thread, read by
// the writer in input order, and kept with the item for reuse.
struct ItemExtra {
    virtual ~ItemExtra() = default;
};

struct CheckItem {
    enum class Kind { record, file_error };
    Kind kind = Kind::record;
    std::size_t seq = 0;      // place in the run
    std::size_t owner = 0;    // the thread whose items it is among (--jobs N)
    std::size_t file = 0;     // index into the run's names
    std::size_t index = 0;    // the record's number in its file, from 1
    std::uint64_t bytes = 0;  // input bytes split so far, over all files
    std::size_t size = 0;     // the record's text size, for the in-flight limit
    // The record's text as split (in place in the reader's block, which it
    // holds until parsed), and the file line of its first byte.
    parser::RecordText text;
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
    std::unique_ptr<ItemExtra> extra;  // with a RecordHook
};
using ItemPtr = std::unique_ptr<CheckItem>;

// What a subcommand makes of each record and its verdict in place of check's
// output (select, stats): called on the checking thread, so it must only
// write into the item (item.out, item.extra).
class RecordHook {
public:
    virtual ~RecordHook() = default;
    virtual void record(CheckItem& item, const ast::Record& record,
                        const checker::Verdict& verdict) const = 0;
};

// What checking a record needs to know of the run; read-only while the
// threads run.
struct CheckContext {
    std::vector<std::string> names;  // display names of the files
    std::vector<VerdictJson> json;   // per file, with --format json
    Format format = Format::text;
    bool color = false;
    checker::CheckOptions options;     // how records are checked
    const RecordHook* hook = nullptr;  // set: it makes the output, not `format`
};

// What a thread that parses and checks records reuses from one record to
// the next: the tree of the last record and the parser's spare storage.
struct Worker {
    ast::Record record;
    parser::Spare spare;
    checker::Verdict verdict;  // the last record's, its storage reused
};

// Parses and checks the item's record and renders its output into item.out.
// Valid records cost nothing in text mode (no diagnostics to render) and one
// prebuilt head plus a few appends in JSON mode. The tree is built in the
// worker's record, in the storage of the one before.
void check_item(CheckItem& item, const CheckContext& ctx, Worker& w);

// Readies an item for reuse; keeps its buffers unless they grew large.
void recycle(CheckItem& item);

// Splits the files into items, in input order, one at a time; the parser's
// RecordReader does the splitting. Not thread-safe: one thread at a time.
class Splitter {
public:
    Splitter(const std::vector<std::string>& files, const Io& io) : files_(files), io_(io) {}

    // Fills `item` with the next record, or with a message about a file that
    // cannot be opened or read; false at the end of the input.
    bool next(CheckItem& item);

    // Input bytes split so far.
    std::uint64_t bytes() const { return done_bytes_ + (reader_ ? reader_->bytes_read() : 0); }

private:
    // Opens files_[file_] and starts reading it; false, with `item` a file
    // error and the file skipped, when it cannot be read.
    bool open(CheckItem& item);
    void file_error(CheckItem& item, Diagnostic problem);

    static constexpr std::size_t kSplitBuffer = std::size_t{1} << 18;
    const std::vector<std::string>& files_;
    const Io& io_;
    std::size_t file_ = 0;                        // the file being read, or the next one to open
    std::optional<Input> input_;                  // while a file is open
    std::optional<parser::RecordReader> reader_;  // reading input_
    std::size_t index_ = 0;                       // records handed out of this file
    std::size_t seq_ = 0;                         // items handed out
    std::uint64_t done_bytes_ = 0;                // of the files read to the end
};

// --jobs N > 1: N threads (the calling one and N - 1 more), each in turn
// splitting a batch of records (one thread at a time: splitting is
// sequential, and only finds where records end; their texts stay where they
// were read) and then parsing and checking that batch itself while another
// thread splits the next one. The thread that finishes the record next in
// input order writes it and every checked one after it, so the output is in
// input order.
//
// Why not a reader thread feeding checker threads: on the 2-core benchmark
// machine that is three busy threads on two cores. Each record's tree (10 to
// 20 times its text) is built and checked by one thread, in the storage of
// that thread's previous trees (Worker), so it stays in that core's cache;
// only the text crosses from the splitting core.
//
// Rethrows what splitting or writing threw, after the threads have stopped
// (splitting: once every item split before it has been written).
// `jobs` 0: one per hardware thread; 1: split, checked and written in turn
// on the calling thread, without the pipeline's threads.
void run_pipeline(Splitter& splitter, const CheckContext& ctx, unsigned jobs,
                  const std::function<void(const CheckItem&)>& write);

}  // namespace pips::cli
