#include "cli/report.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iterator>

namespace pips::cli {

namespace {

constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kRed = "\x1b[1;31m";
constexpr std::string_view kGreen = "\x1b[1;32m";
constexpr std::string_view kReset = "\x1b[0m";

// Length of the valid UTF-8 sequence at s[i], or 0 if the bytes there are
// not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = byte(i);
    std::size_t n;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    // Overlong forms, surrogates and code points past U+10FFFF.
    unsigned char c1 = byte(i + 1);
    if (c == 0xE0 && c1 < 0xA0) return 0;
    if (c == 0xED && c1 > 0x9F) return 0;
    if (c == 0xF0 && c1 < 0x90) return 0;
    if (c == 0xF4 && c1 > 0x8F) return 0;
    return n;
}

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Text for a terminal line: control characters other than tab shown as `?`
// (one column each, so carets stay aligned).
void append_printable(std::string& out, std::string_view s) {
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        out += (u < 0x20 && c != '\t') || u == 0x7F ? '?' : c;
    }
}

// A message on one line: line ends become spaces.
void append_message(std::string& out, std::string_view s) {
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (c == '\n' || c == '\r')
            out += ' ';
        else if ((u < 0x20 && c != '\t') || u == 0x7F)
            out += '?';
        else
            out += c;
    }
}

void append_uint(std::string& out, std::uint64_t v) {
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    (void)ec;  // 24 digits hold any 64-bit value
    out.append(digits, static_cast<std::size_t>(end - digits));
}

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t v) {
    std::string digits = std::to_string(v);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
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

void append_errors(std::string& out, const checker::Verdict& v) {
    out += "\"errors\":[";
    bool first = true;
    for (const auto& d : v.errors) {
        if (!first) out += ',';
        first = false;
        out += "{\"line\":";
        append_uint(out, d.pos.line);
        out += ",\"column\":";
        append_uint(out, d.pos.column);
        out += ",\"code\":";
        append_json_string(out, checker::code_name(d.code));
        out += ",\"message\":";
        append_json_string(out, d.message);
        out += '}';
    }
    out += ']';
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

bool use_color(std::FILE* file) {
    return std::getenv("NO_COLOR") == nullptr && ::isatty(::fileno(file)) == 1;
}

std::string_view source_line(const ast::Record& record, std::uint32_t line) {
    if (line < record.first_line) return {};
    std::string_view s = record.source;
    std::size_t start = 0;
    for (std::uint32_t k = record.first_line; k < line; ++k) {
        std::size_t nl = s.find('\n', start);
        if (nl == std::string_view::npos) return {};
        start = nl + 1;
    }
    if (start >= s.size()) return {};
    std::size_t end = s.find('\n', start);
    if (end == std::string_view::npos) end = s.size();
    if (end > start && s[end - 1] == '\r') --end;
    return s.substr(start, end - start);
}

std::string caret_line(std::string_view line, std::uint32_t column) {
    std::string out;
    std::uint32_t col = 1;
    for (std::size_t i = 0; i < line.size() && col < column; ++i) {
        if (is_continuation(line[i])) continue;
        out += line[i] == '\t' ? '\t' : ' ';
        ++col;
    }
    for (; col < column; ++col) out += ' ';
    out += '^';
    return out;
}

void render_diagnostic(std::string& out, std::string_view file, const ast::Record& record,
                       ast::Pos pos, std::string_view code, std::string_view message, bool color) {
    std::uint32_t line = pos.line != 0 ? pos.line : record.pos.line;
    std::uint32_t column = pos.column != 0 ? pos.column : 1;
    if (color) out += kBold;
    fmt::format_to(std::back_inserter(out), "{}:{}:{}: ", file, line, column);
    if (color) out += kRed;
    out += "error[";
    out += code;
    out += "]";
    if (color) {
        out += kReset;
        out += kBold;
    }
    out += ": ";
    append_message(out, message);
    if (color) out += kReset;
    out += '\n';

    std::string_view src = source_line(record, line);
    if (src.empty()) return;
    // A long line (a 10 MB line, a run of comments) is shown as a window of
    // kWindow columns around the caret, cut ends marked with "...".
    constexpr std::uint32_t kWindow = 120, kLong = 160;
    std::string shown;
    std::uint32_t caret = column;
    std::uint32_t columns = 0;
    for (char c : src) columns += !is_continuation(c);
    if (columns > kLong) {
        std::uint32_t first = column > kWindow / 2 ? column - kWindow / 2 : 1;
        std::uint32_t last = std::min(columns + 1, first + kWindow);  // one past
        auto byte_of = [&](std::uint32_t col) {
            std::uint32_t c = 1;
            std::size_t i = 0;
            while (i < src.size() && c < col) {
                ++i;
                while (i < src.size() && is_continuation(src[i])) ++i;
                ++c;
            }
            return i;
        };
        std::size_t b = byte_of(first), e = byte_of(last);
        if (first > 1) shown = "...";
        caret = column - first + 1 + static_cast<std::uint32_t>(shown.size());
        shown.append(src.substr(b, e - b));
        if (last <= columns) shown += "...";
        src = shown;
    }
    append_printable(out, src);
    out += '\n';
    if (color) out += kGreen;
    out += caret_line(src, caret);
    if (color) out += kReset;
    out += '\n';
}

void append_json_string(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            std::size_t n = utf8_length(s, i);
            if (n == 0) {
                out += "\xEF\xBF\xBD";  // U+FFFD
                ++i;
            } else {
                out.append(s, i, n);
                i += n;
            }
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += kHex[c >> 4];
                    out += kHex[c & 0xF];
                } else {
                    out += static_cast<char>(c);
                }
        }
        ++i;
    }
    out += '"';
}

std::uint32_t record_line(const ast::Record& record, const checker::Verdict& verdict) {
    if (verdict.line != 0) return verdict.line;
    if (record.pos.line != 0) return record.pos.line;
    return record.first_line;
}

void render_verdict_json(std::string& out, std::string_view file, std::size_t index,
                         std::uint32_t line, const checker::Verdict& v) {
    VerdictJson(file).render(out, index, line, v);
}

VerdictJson::VerdictJson(std::string_view file) {
    head_ = "{\"file\":";
    append_json_string(head_, file);
    head_ += ",\"record\":";
}

void VerdictJson::render(std::string& out, std::size_t index, std::uint32_t line,
                         const checker::Verdict& v) const {
    out += head_;
    append_uint(out, index);
    out += ",\"line\":";
    append_uint(out, line);
    out += v.valid ? ",\"valid\":true" : ",\"valid\":false";
    out += v.unfinished ? ",\"unfinished\":true,\"hands\":" : ",\"unfinished\":false,\"hands\":";
    append_uint(out, static_cast<std::uint64_t>(v.hands < 0 ? 0 : v.hands));
    if (v.errors.empty() && v.unchecked.empty()) {  // the common case: one append
        out += ",\"errors\":[],\"unchecked\":[]}\n";
        return;
    }
    out += ',';
    append_errors(out, v);
    out += ",\"unchecked\":[";
    bool first = true;
    for (const auto& u : v.unchecked) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, u);
    }
    out += "]}\n";
}

void render_annotate_json(std::string& out, std::string_view file, std::size_t index,
                          const checker::Verdict& v) {
    out += "{\"file\":";
    append_json_string(out, file);
    out += ",\"record\":";
    append_uint(out, index);
    out += ",\"notes\":[";
    bool first = true;
    for (const auto& n : v.notes) {
        if (!first) out += ',';
        first = false;
        out += "{\"line\":";
        append_uint(out, n.pos.line);
        out += ",\"column\":";
        append_uint(out, n.pos.column);
        out += ",\"text\":";
        append_json_string(out, n.text);
        out += '}';
    }
    out += "],";
    append_errors(out, v);
    out += "}\n";
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
    if (is_unfinished) ++unfinished;
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
    std::string line = "pips: " + byte_size(bytes);
    if (total > 0) {
        std::uint64_t shown = std::min(bytes, total);
        line += " of " + byte_size(total) +
                fmt::format(" ({}%)", static_cast<unsigned>(100.0 * static_cast<double>(shown) /
                                                            static_cast<double>(total)));
    }
    line += ", " + grouped(records) + (records == 1 ? " record" : " records");
    if (seconds > 0) {
        line += ", " + grouped(static_cast<std::uint64_t>(static_cast<double>(records) / seconds)) +
                " records/s";
        if (total > 0 && bytes > 0) {
            double rate = static_cast<double>(bytes) / seconds;
            double left = static_cast<double>(total > bytes ? total - bytes : 0) / rate;
            line += ", ETA " + clock_time(left);
        }
    }
    return line;
}

}  // namespace pips::cli
