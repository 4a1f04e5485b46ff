#include "cli/check_pipeline.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include "checker/checker.hpp"

namespace pips::cli {

void check_item(CheckItem& item, const CheckContext& ctx, Worker& w) {
    if (item.kind != CheckItem::Kind::record) return;
    item.out.clear();
    try {
        parser::parse_into(w.record, std::move(item.text), item.first_line, w.spare);
        checker::Verdict& v = w.verdict;
        checker::check_record(w.record, ctx.options, v);
        item.valid = v.valid;
        item.unfinished = v.unfinished;
        item.hands = v.hands;
        item.plies = v.plies;
        if (ctx.hook)
            ctx.hook->record(item, w.record, v);
        else if (ctx.format == Format::json)
            ctx.json[item.file].render(item.out, item.index, record_line(w.record, v), v);
        else if (!v.errors.empty())
            render_verdict_errors(item.out, ctx.names[item.file], w.record, v, ctx.color);
    } catch (const std::exception& e) {
        item.out.clear();
        item.error = e.what();
    }
}

void recycle(CheckItem& item) {
    constexpr std::size_t kKeep = std::size_t{1} << 16;
    item.kind = CheckItem::Kind::record;
    item.error.clear();
    item.out.clear();
    if (item.out.capacity() > kKeep) std::string().swap(item.out);
    if (item.text.capacity() > 4 * kKeep) std::string().swap(item.text);
}

bool Splitter::next(CheckItem& item) {
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

bool Splitter::open(CheckItem& item) {
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

void Splitter::file_error(CheckItem& item, Diagnostic problem) {
    item.kind = CheckItem::Kind::file_error;
    item.seq = seq_++;
    item.file = file_;
    item.index = 0;
    item.bytes = done_bytes_;
    item.size = 0;
    item.problem = std::move(problem);
}

namespace {

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

// Spins of a thread waiting for another to finish splitting, before it
// sleeps: splitting a batch takes about 10 microseconds, a `pause` 20 to 60
// cycles, so a thousand cover it without burning much when the splitter is
// off its core (more jobs than cores).
constexpr int kSpin = 1000;
inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

// The state shared by the threads of run_pipeline, and what each does.
class Pipeline {
public:
    Pipeline(Splitter& splitter, const CheckContext& ctx, unsigned jobs,
             const std::function<void(const CheckItem&)>& write)
        : splitter_(splitter),
          ctx_(ctx),
          jobs_(jobs),
          write_(write),
          ready_(kMaxInFlight),
          pools_(jobs),
          max_bytes_(max_in_flight_bytes(jobs)) {}

    void run() {
        std::vector<std::thread> threads;
        threads.reserve(jobs_ - 1);
        for (unsigned j = 1; j < jobs_; ++j) threads.emplace_back([this, j] { work(j); });
        work(0);
        for (auto& t : threads) t.join();
        if (write_error_) std::rethrow_exception(write_error_);
        if (split_error_) std::rethrow_exception(split_error_);
    }

private:
    // What splitting a batch did.
    struct Split {
        std::size_t n = 0;      // items split
        std::size_t bytes = 0;  // their text
        bool end = false;       // the input is over (or splitting failed)
        std::exception_ptr error;
    };

    // One thread: in turn splits a batch (when no other thread splits and
    // there is room in flight), checks it, and writes what is next in order.
    void work(std::size_t self) {
        std::vector<ItemPtr> batch;
        Worker worker;
        std::unique_lock lock(mutex_);
        for (;;) {
            if (stop_) return;
            if (split_done_ && !splitting_ && written_ == split_) return;
            if (splitting_ && !split_done_) {
                // Another thread splits a batch: a few microseconds, less
                // than going to sleep and being woken takes. Spin a while.
                lock.unlock();
                for (int i = 0; i < kSpin && splitting_.load(std::memory_order_relaxed); ++i)
                    pause();
                lock.lock();
                if (splitting_) wake_.wait(lock);
                continue;
            }
            if (split_done_ || split_ - written_ + kBatch > kMaxInFlight ||
                bytes_in_flight_ >= max_bytes_) {
                wake_.wait(lock);
                continue;
            }
            splitting_ = true;
            lock.unlock();
            const Split s = split_batch(self, batch);
            lock.lock();
            splitting_ = false;
            split_ += s.n;
            bytes_in_flight_ += s.bytes;
            if (s.end) split_done_ = true;
            if (s.error) split_error_ = s.error;
            for (std::size_t i = s.n; i < batch.size(); ++i)
                pools_[self].push_back(std::move(batch[i]));
            batch.resize(s.n);
            wake_.notify_all();  // the splitter is free
            // Parse and check the batch on this thread.
            lock.unlock();
            for (auto& item : batch) check_item(*item, ctx_, worker);
            lock.lock();
            const bool first_is_next = s.n > 0 && batch.front()->seq == written_;
            for (auto& item : batch) ready_[item->seq % kMaxInFlight] = std::move(item);
            batch.clear();
            if (first_is_next) write_ready(lock);
        }
    }

    // Splits a batch, into items this thread used before where it has some
    // (their trees' storage is reused), taken one at a time so that no more
    // are made than are filled. Called without the lock.
    Split split_batch(std::size_t self, std::vector<ItemPtr>& batch) {
        Split s;
        try {
            for (; s.n < kBatch && s.bytes < kBatchBytes; ++s.n) {
                if (batch.size() == s.n) batch.push_back(take_item(self));
                if (!splitter_.next(*batch[s.n])) {
                    s.end = true;
                    break;
                }
                s.bytes += batch[s.n]->size;
            }
        } catch (...) {
            s.error = std::current_exception();
            s.end = true;
        }
        return s;
    }

    // An item of this thread's pool, or a new one.
    ItemPtr take_item(std::size_t self) {
        std::lock_guard pool_lock(mutex_);
        auto& pool = pools_[self];
        if (pool.empty()) {
            auto item = std::make_unique<CheckItem>();
            item->owner = self;
            return item;
        }
        ItemPtr item = std::move(pool.back());
        pool.pop_back();
        return item;
    }

    // Writes the checked items in order from `written_` on, while no other
    // thread does. Called and returns with the lock held.
    void write_ready(std::unique_lock<std::mutex>& lock) {
        if (writing_) return;
        writing_ = true;
        while (!stop_ && ready_[written_ % kMaxInFlight]) {
            ItemPtr next = std::move(ready_[written_ % kMaxInFlight]);
            lock.unlock();
            try {
                write_(*next);
                recycle(*next);
            } catch (...) {
                lock.lock();
                write_error_ = std::current_exception();
                stop_ = true;
                break;
            }
            lock.lock();
            ++written_;
            bytes_in_flight_ -= next->size;
            pools_[next->owner].push_back(std::move(next));
        }
        writing_ = false;
        wake_.notify_all();  // room to split, or the end
    }

    Splitter& splitter_;
    const CheckContext& ctx_;
    const unsigned jobs_;
    const std::function<void(const CheckItem&)>& write_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<ItemPtr> ready_;               // checked, by seq % kMaxInFlight
    std::vector<std::vector<ItemPtr>> pools_;  // written, for reuse by their owner
    std::size_t split_ = 0;                    // items split
    std::size_t written_ = 0;                  // items written
    std::size_t bytes_in_flight_ = 0;
    std::atomic<bool> splitting_{false};  // (also read without the lock, to spin on)
    bool writing_ = false;
    bool split_done_ = false;
    bool stop_ = false;  // writing failed
    std::exception_ptr split_error_, write_error_;
    const std::size_t max_bytes_;
};

}  // namespace

void run_pipeline(Splitter& splitter, const CheckContext& ctx, unsigned jobs,
                  const std::function<void(const CheckItem&)>& write) {
    if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
    if (jobs > 1) {
        Pipeline(splitter, ctx, jobs, write).run();
        return;
    }
    CheckItem item;
    Worker worker;
    while (splitter.next(item)) {
        check_item(item, ctx, worker);
        write(item);
        recycle(item);
    }
}

}  // namespace pips::cli
