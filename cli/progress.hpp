// The progress line of a long `pips check` on a terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace pips::cli {

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

    // Redraws the line, at most once every kPeriod.
    void update(std::uint64_t bytes, std::uint64_t records);
    // Takes the line off the terminal, if shown.
    void clear();
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

// True when `file` is a terminal.
bool is_terminal(std::FILE* file);

}  // namespace pips::cli
