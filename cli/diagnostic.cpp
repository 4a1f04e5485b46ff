#include "cli/diagnostic.hpp"

#include <fmt/color.h>
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "checker/checker.hpp"
#include "cli/json.hpp"

namespace pips::cli {

namespace {

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Length of a well-formed UTF-8 sequence of a printable code point at s[i]
// (C1 controls, overlongs and surrogates are not), or 0.
std::size_t printable_utf8_len(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const auto cont = [&](std::size_t k) { return i + k < s.size() && (b(k) & 0xC0) == 0x80; };
    const unsigned char c = b(0);
    if (c >= 0xC2 && c <= 0xDF) return cont(1) && !(c == 0xC2 && b(1) < 0xA0) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) >= 0xA0)) return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if ((c == 0xF0 && b(1) < 0x90) || (c == 0xF4 && b(1) >= 0x90)) return 0;
        return 4;
    }
    return 0;
}

// A source line as a terminal may show it: control characters other than
// tab, and bytes that are not printable UTF-8, written `\xNN`; `caret` is
// the column in it of the source's column `column` (columns count code
// points, as positions do: a stray continuation byte has no column of its own).
struct Escaped {
    std::string text;
    std::uint32_t caret = 1;
};

Escaped escape_line(std::string_view src, std::uint32_t column) {
    static constexpr char hex[] = "0123456789abcdef";
    Escaped e;
    std::uint32_t col = 0, shown = 0;
    bool placed = false;
    for (std::size_t i = 0; i < src.size();) {
        const auto c = static_cast<unsigned char>(src[i]);
        if (!is_continuation(src[i]) && ++col == column) e.caret = shown + 1, placed = true;
        std::size_t n = (c >= 0x20 && c < 0x7F) || c == '\t' ? 1 : 0;
        if (c >= 0x80) n = printable_utf8_len(src, i);
        if (n != 0) {
            e.text.append(src.substr(i, n));
            ++shown;
            i += n;
        } else {
            e.text += "\\x";
            e.text += hex[c >> 4];
            e.text += hex[c & 0xF];
            shown += 4;
            ++i;
        }
    }
    if (!placed) e.caret = shown + 1 + (column > col + 1 ? column - col - 1 : 0);
    return e;
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

}  // namespace

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

namespace {

// A source line as shown: a long line (a 10 MB line, a run of comments) is
// cut to a window of kWindow columns around the caret, its cut ends marked
// with "...".
struct Shown {
    std::string_view text;
    std::uint32_t caret;  // the caret's column in `text`
    std::string cut;      // the window, when the line is cut
};

Shown window(std::string_view src, std::uint32_t column) {
    constexpr std::uint32_t kWindow = 120, kLong = 160;
    Shown shown{src, column, {}};
    std::uint32_t columns = 0;
    for (char c : src) columns += !is_continuation(c);
    if (columns <= kLong) return shown;
    const std::uint32_t first = column > kWindow / 2 ? column - kWindow / 2 : 1;
    const std::uint32_t last = std::min(columns + 1, first + kWindow);  // one past
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
    const std::size_t b = byte_of(first), e = byte_of(last);
    if (first > 1) shown.cut = "...";
    shown.caret = column - first + 1 + static_cast<std::uint32_t>(shown.cut.size());
    shown.cut.append(src.substr(b, e - b));
    if (last <= columns) shown.cut += "...";
    shown.text = shown.cut;
    return shown;
}

// Diagnostics on a terminal: the location bold, "error[CODE]" bold red, the
// message bold, the caret bold green.
constexpr fmt::text_style kLocationStyle = fmt::emphasis::bold;
constexpr fmt::text_style kErrorStyle = fmt::emphasis::bold | fmt::fg(fmt::terminal_color::red);
constexpr fmt::text_style kCaretStyle = fmt::emphasis::bold | fmt::fg(fmt::terminal_color::green);

}  // namespace

namespace {

constexpr fmt::text_style kNoteStyle = fmt::emphasis::bold | fmt::fg(fmt::terminal_color::cyan);

// One located message: "FILE:LINE:COL: LABEL: message", the source line, the
// caret, and under it the fix-it's text when there is one.
void render_located(std::string& out, std::string_view file, const ast::Record& record,
                    ast::Pos pos, std::string_view label, fmt::text_style label_style,
                    std::string_view message, const ast::FixIt* fix, bool color) {
    const std::uint32_t line = pos.line != 0 ? pos.line : record.pos.line;
    const std::uint32_t column = pos.column != 0 ? pos.column : 1;
    auto to = std::back_inserter(out);
    if (color) {
        std::string text;
        append_message(text, message);
        fmt::format_to(to, kLocationStyle, "{}:{}:{}: ", file, line, column);
        fmt::format_to(to, label_style, "{}", label);
        fmt::format_to(to, kLocationStyle, ": {}", text);
    } else {
        fmt::format_to(to, "{}:{}:{}: {}: ", file, line, column, label);
        append_message(out, message);
    }
    out += '\n';

    const std::string_view src = source_line(record, line);
    if (src.empty()) return;
    const Escaped escaped = escape_line(src, column);
    const Shown shown = window(escaped.text, escaped.caret);
    out += shown.text;
    out += '\n';
    const std::string caret = caret_line(shown.text, shown.caret);
    if (color)
        fmt::format_to(to, kCaretStyle, "{}", caret);
    else
        out += caret;
    out += '\n';
    // The fix-it's text under the word it replaces, on the line shown.
    if (fix == nullptr || fix->pos.line != line || !shown.cut.empty()) return;
    std::string under = caret_line(shown.text, escape_line(src, fix->pos.column).caret);
    under.pop_back();
    std::string text;
    append_message(text, fix->text);
    out += under;
    if (color)
        fmt::format_to(to, kCaretStyle, "{}", text);
    else
        out += text;
    out += '\n';
}

}  // namespace

void render_diagnostic(std::string& out, std::string_view file, const ast::Record& record,
                       ast::Pos pos, std::string_view code, std::string_view message, bool color) {
    render_located(out, file, record, pos, fmt::format("error[{}]", code), kErrorStyle, message,
                   nullptr, color);
}

void render_diagnostic(std::string& out, std::string_view file, const ast::Record& record,
                       const checker::Diagnostic& d, bool color) {
    render_located(out, file, record, d.pos, fmt::format("error[{}]", checker::code_name(d.code)),
                   kErrorStyle, d.message, d.fix ? &*d.fix : nullptr, color);
    for (const auto& n : d.notes)
        render_located(out, file, record, n.pos, "note", kNoteStyle, n.message, nullptr, color);
}

void render_diagnostic(std::string& out, const Diagnostic& d, const ast::Record* record,
                       bool color) {
    if (record != nullptr)
        render_diagnostic(out, d.file, *record, d.pos, d.code, d.message, color);
    else if (d.pos.line != 0)
        render_diagnostic(out, d.file, ast::Record{}, d.pos, d.code, d.message, color);
    else
        fmt::format_to(std::back_inserter(out), "pips: error: {}\n", d.message);
}

void render_syntax_errors(std::string& out, std::string_view file, const ast::Record& record,
                          bool color) {
    for (const auto& e : record.errors)
        render_located(out, file, record, e.pos, "error[syntax]", kErrorStyle, e.message,
                       e.fix ? &*e.fix : nullptr, color);
}

void render_verdict_errors(std::string& out, std::string_view file, const ast::Record& record,
                           const checker::Verdict& verdict, bool color) {
    for (const auto& d : verdict.errors) render_diagnostic(out, file, record, d, color);
}

std::string error_label(std::string_view code, std::string_view message) {
    return fmt::format("error[{}]: {}", code, message);
}

namespace {

void open_diagnostic_json(std::string& out, ast::Pos pos, std::string_view code,
                          std::string_view message) {
    fmt::format_to(std::back_inserter(out), "{{\"line\":{},\"column\":{},\"code\":", pos.line,
                   pos.column);
    append_json_string(out, code);
    out += ",\"message\":";
    append_json_string(out, message);
}

}  // namespace

void render_diagnostic_json(std::string& out, ast::Pos pos, std::string_view code,
                            std::string_view message) {
    open_diagnostic_json(out, pos, code, message);
    out += '}';
}

void render_diagnostic_json(std::string& out, const checker::Diagnostic& d) {
    open_diagnostic_json(out, d.pos, checker::code_name(d.code), d.message);
    auto to = std::back_inserter(out);
    if (!d.notes.empty()) {
        out += ",\"notes\":[";
        for (std::size_t i = 0; i < d.notes.size(); ++i) {
            fmt::format_to(to, "{}{{\"line\":{},\"column\":{},\"message\":", i ? "," : "",
                           d.notes[i].pos.line, d.notes[i].pos.column);
            append_json_string(out, d.notes[i].message);
            out += '}';
        }
        out += ']';
    }
    if (d.fix) {
        fmt::format_to(to, ",\"fixit\":{{\"line\":{},\"column\":{},\"length\":{},\"text\":",
                       d.fix->pos.line, d.fix->pos.column, d.fix->length);
        append_json_string(out, d.fix->text);
        out += '}';
    }
    out += '}';
}

int say_run_error(std::FILE* err, const Diagnostic& d, bool color) {
    std::string s;
    render_diagnostic(s, d, nullptr, color);
    std::fputs(s.c_str(), err);
    return 2;
}

}  // namespace pips::cli
