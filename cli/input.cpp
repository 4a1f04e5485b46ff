#include "cli/input.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iterator>

namespace pips::cli {

std::string display_name(std::string_view path) {
    return path == "-" ? std::string("<stdin>") : std::string(path);
}

Input::Input(std::string_view path, std::istream& standard_input, std::size_t buffer)
    : name_(display_name(path)) {
    if (path == "-") {
        in_ = &standard_input;
        return;
    }
    const std::string p(path);
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
        error_ = input_error(kCannotRead, fmt::format("cannot read '{}': is a directory", name_));
        return;
    }
    buffer_ = std::make_unique_for_overwrite<char[]>(buffer);
    file_.rdbuf()->pubsetbuf(buffer_.get(), static_cast<std::streamsize>(buffer));
    errno = 0;
    file_.open(p, std::ios::binary);
    if (!file_) {
        const int e = errno;
        error_ =
            input_error(kCannotOpen, fmt::format("cannot open '{}': {}", name_,
                                                 e != 0 ? std::strerror(e) : "cannot be read"));
        return;
    }
    in_ = &file_;
}

std::optional<Diagnostic> Input::read_error() const {
    if (in_ == nullptr || !in_->bad()) return std::nullopt;
    return input_error(kCannotRead, fmt::format("cannot read '{}': read error", name_));
}

bool Input::read_all(std::string& text) {
    if (error_) return false;
    text.assign(std::istreambuf_iterator<char>(*in_), std::istreambuf_iterator<char>());
    return !in_->bad();
}

Diagnostic Input::input_error(std::string_view code, std::string message) const {
    return Diagnostic{name_, {}, std::string(code), std::move(message)};
}

std::uint64_t input_size(const std::vector<std::string>& paths) {
    std::uint64_t total = 0;
    for (const auto& path : paths) {
        std::error_code ec;
        if (path == "-" || !std::filesystem::is_regular_file(path, ec)) return 0;
        auto size = std::filesystem::file_size(path, ec);
        if (ec) return 0;
        total += size;
    }
    return total;
}

std::optional<Diagnostic> write_output(const std::string& path, std::string_view bytes,
                                       std::FILE* standard_output) {
    if (path == "-") {
        std::fwrite(bytes.data(), 1, bytes.size(), standard_output);
        std::fflush(standard_output);
        return std::nullopt;
    }
    std::FILE* out = std::fopen(path.c_str(), "wb");
    bool ok = out && std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size();
    const int e = errno;
    if (out && std::fclose(out) != 0) ok = false;
    if (ok) return std::nullopt;
    return Diagnostic{path,
                      {},
                      std::string(kCannotWrite),
                      fmt::format("cannot write '{}': {}", path, std::strerror(e))};
}

}  // namespace pips::cli
