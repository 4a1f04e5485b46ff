#include "cli/check_pipeline.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

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
    item.text = {};  // (parsed: holds nothing already)
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
            item.size = item.text.text.size();
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

// How long a thread waiting for another to finish splitting spins before it
// sleeps. Splitting a batch takes 10 to 50 microseconds (more when it reads
// the file), a `pause` only a few nanoseconds on recent AMD cores, and on the
// benchmark machine a sleeping thread was woken 0.1 to 1 millisecond later:
// a thousand pauses, the spin of before, ran out first and the thread slept
// 10 to 30 times a run (docs/performance.md). With more jobs than hardware
// threads the spin yields its core instead, as the splitter may be waiting
// for it.
constexpr auto kSpinFor = std::chrono::microseconds(200);
inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

// Runs fn on a new thread, joined by join(). On Linux the thread is born
// on a CPU other than the calling thread's (when the process may run on
// another) and is then free to run anywhere the process may: a new thread
// is otherwise often queued behind its maker on the same CPU until the
// scheduler moves it, a few milliseconds later (the first tenth of a run of
// `--jobs 2` on a 40 MB archive spent on one core; docs/performance.md).
class Thread {
public:
    explicit Thread(std::function<void()> fn) : fn_(std::move(fn)) {
#if defined(__linux__)
        pthread_attr_t attr;
        if (const int err = pthread_attr_init(&attr); err != 0)
            throw std::system_error(err, std::generic_category(), "pthread_attr_init");
        cpu_set_t away;
        const int here = sched_getcpu();
        if (here >= 0 && here < CPU_SETSIZE && sched_getaffinity(0, sizeof all_, &all_) == 0 &&
            CPU_ISSET(here, &all_) && CPU_COUNT(&all_) > 1) {
            away = all_;
            CPU_CLR(here, &away);
            restore_ = pthread_attr_setaffinity_np(&attr, sizeof away, &away) == 0;
        }
        int err = pthread_create(&id_, &attr, &Thread::start, this);
        pthread_attr_destroy(&attr);
        if (err != 0 && restore_) {  // refused with the affinity: made as any thread is
            restore_ = false;
            err = pthread_create(&id_, nullptr, &Thread::start, this);
        }
        if (err != 0) throw std::system_error(err, std::generic_category(), "pthread_create");
#else
        thread_ = std::thread(fn_);
#endif
    }
    Thread(const Thread&) = delete;
    Thread& operator=(const Thread&) = delete;
    void join() {
#if defined(__linux__)
        pthread_join(id_, nullptr);
#else
        thread_.join();
#endif
    }

private:
#if defined(__linux__)
    static void* start(void* self) {
        auto* t = static_cast<Thread*>(self);
        if (t->restore_) pthread_setaffinity_np(pthread_self(), sizeof t->all_, &t->all_);
        t->fn_();
        return nullptr;
    }
    pthread_t id_{};
    cpu_set_t all_{};
    bool restore_ = false;
#else
    std::thread thread_;
#endif
    std::function<void()> fn_;
};

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
          max_bytes_(max_in_flight_bytes(jobs)),
          oversubscribed_(jobs > std::max(1u, std::thread::hardware_concurrency())) {}

    void run() {
        std::vector<std::unique_ptr<Thread>> threads;
        threads.reserve(jobs_ - 1);
        for (unsigned j = 1; j < jobs_; ++j)
            threads.push_back(std::make_unique<Thread>([this, j] { work(j); }));
        work(0);
        for (auto& t : threads) t->join();
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
                // Another thread splits a batch: tens of microseconds, less
                // than going to sleep and being woken takes. Spin a while.
                lock.unlock();
                const auto until = std::chrono::steady_clock::now() + kSpinFor;
                while (splitting_.load(std::memory_order_relaxed) &&
                       std::chrono::steady_clock::now() < until) {
                    if (oversubscribed_)
                        std::this_thread::yield();
                    else
                        for (int i = 0; i < 32; ++i) pause();
                }
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
    const bool oversubscribed_;  // more jobs than hardware threads
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
