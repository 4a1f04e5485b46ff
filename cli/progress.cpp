#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <string>

#include "cli/report.hpp"

namespace pips::cli {

void Progress::update(std::uint64_t bytes, std::uint64_t records) {
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

void Progress::clear() {
    if (!shown_) return;
    const std::string line = fmt::format("\r{}", kEraseLine);
    std::fwrite(line.data(), 1, line.size(), file_);
    std::fflush(file_);
    shown_ = false;
}

bool is_terminal(std::FILE* file) {
    return ::isatty(::fileno(file)) == 1;
}

}  // namespace pips::cli
