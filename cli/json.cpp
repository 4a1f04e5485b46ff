#include "cli/json.hpp"

#include <charconv>

#include "cli/diagnostic.hpp"

namespace pips::cli {

namespace {

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

void append_uint(std::string& out, std::uint64_t v) {
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    (void)ec;  // 24 digits hold any 64-bit value
    out.append(digits, static_cast<std::size_t>(end - digits));
}

void append_errors(std::string& out, const checker::Verdict& v) {
    out += "\"errors\":[";
    bool first = true;
    for (const auto& d : v.errors) {
        if (!first) out += ',';
        first = false;
        render_diagnostic_json(out, d);
    }
    out += ']';
}

// Appends the UTF-8 sequence at `i` and moves past it; an invalid byte
// becomes U+FFFD and is passed alone.
void append_code_point(std::string& out, std::string_view s, std::size_t& i) {
    const std::size_t n = utf8_length(s, i);
    if (n == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD
        ++i;
    } else {
        out.append(s, i, n);
        i += n;
    }
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            append_code_point(out, s, i);
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

std::string valid_utf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) append_code_point(out, s, i);
    return out;
}

}  // namespace pips::cli
