#include "cli/report.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>

#include "cli/commands.hpp"
#include "cli/diagnostic.hpp"

namespace pips::cli {

namespace {

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t v) {
    const fmt::format_int digits(v);
    const std::string_view d(digits.data(), digits.size());
    std::string out;
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (i > 0 && (d.size() - i) % 3 == 0) out += ',';
        out += d[i];
    }
    return out;
}

// 999 B, 12.3 kB, 120.5 MB, 1.2 GB (powers of 1000, as file managers show).
std::string byte_size(std::uint64_t b) {
    if (b < 1000) return fmt::format("{} B", b);
    const double v = static_cast<double>(b);
    if (b < 1000 * 1000) return fmt::format("{:.1f} kB", v / 1e3);
    if (b < 1000 * 1000 * 1000) return fmt::format("{:.1f} MB", v / 1e6);
    return fmt::format("{:.1f} GB", v / 1e9);
}

// h:mm:ss
std::string clock_time(double seconds) {
    auto s = static_cast<std::uint64_t>(seconds + 0.5);
    return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

}  // namespace

Output::Output(std::FILE* file) : file_(file) {
    buf_.reserve(kBlock + kBlock / 4);
}

Output::~Output() {
    flush();
}

bool Output::flush() {
    if (!buf_.empty()) {
        if (std::fwrite(buf_.data(), 1, buf_.size(), file_) != buf_.size()) ok_ = false;
        buf_.clear();
    }
    if (std::fflush(file_) != 0) ok_ = false;
    return ok_;
}

int finish_output(Output& out, Output& err, int code) {
    if (!out.flush()) {
        render_diagnostic(err.buf(), {"", {}, std::string(kCannotWrite), "cannot write the output"},
                          nullptr, false);
        code = kExitCannotRun;
    }
    err.flush();
    return code;
}

bool use_color(std::FILE* file) {
    return std::getenv("NO_COLOR") == nullptr && ::isatty(::fileno(file)) == 1;
}

void Tally::add(const checker::Verdict& v) {
    add(v.valid, v.unfinished, v.hands, v.plies);
}

void Tally::add(bool is_valid, bool is_unfinished, int hand_count, std::uint64_t ply_count) {
    ++records;
    if (is_valid)
        ++valid;
    else
        ++invalid;
    if (is_valid && is_unfinished) ++unfinished;  // a record is counted once
    hands += static_cast<std::uint64_t>(hand_count < 0 ? 0 : hand_count);
    plies += ply_count;
}

std::string summary_line(const Tally& t) {
    return fmt::format("{} {}: {} valid, {} invalid, {} unfinished", t.records,
                       t.records == 1 ? "record" : "records", t.valid, t.invalid, t.unfinished);
}

std::string stats_line(const Tally& t, std::uint64_t bytes, double seconds) {
    return fmt::format("stats: records={} hands={} plies={} bytes={} seconds={:.3f}", t.records,
                       t.hands, t.plies, bytes, seconds);
}

std::string progress_line(std::uint64_t bytes, std::uint64_t total, std::uint64_t records,
                          double seconds) {
    std::string line = fmt::format("pips: {}", byte_size(bytes));
    auto to = std::back_inserter(line);
    if (total > 0) {
        const std::uint64_t shown = std::min(bytes, total);
        fmt::format_to(
            to, " of {} ({}%)", byte_size(total),
            static_cast<unsigned>(100.0 * static_cast<double>(shown) / static_cast<double>(total)));
    }
    fmt::format_to(to, ", {} {}", grouped(records), records == 1 ? "record" : "records");
    if (seconds > 0) {
        fmt::format_to(to, ", {} records/s",
                       grouped(static_cast<std::uint64_t>(static_cast<double>(records) / seconds)));
        if (total > 0 && bytes > 0) {
            const double rate = static_cast<double>(bytes) / seconds;
            const double left = static_cast<double>(total > bytes ? total - bytes : 0) / rate;
            fmt::format_to(to, ", ETA {}", clock_time(left));
        }
    }
    return line;
}

}  // namespace pips::cli
