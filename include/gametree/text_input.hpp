#pragma once
// Reading gametree's text formats: the parse error every reader throws, a small scanner over
// a string with character offsets, and a bulk reader for standard input.

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace gametree {

/// Thrown by every gametree reader on malformed text. what() says what was expected and where
/// ("... at offset N"); offset() is the 0-based character offset of the problem.
class parse_error : public std::invalid_argument {
 public:
  parse_error(const std::string& message, std::size_t offset)
      : std::invalid_argument(message + " at offset " + std::to_string(offset)),
        offset_(offset) {}

  /// 0-based character offset in the input where the problem was found.
  [[nodiscard]] std::size_t offset() const noexcept { return offset_; }

 private:
  std::size_t offset_;
};

/// The numeric types gametree's readers can produce (bool and character types excluded).
template <class T>
concept readable_number =
    (std::integral<T> || std::floating_point<T>) && !std::same_as<std::remove_cv_t<T>, bool> &&
    !std::same_as<std::remove_cv_t<T>, char> && !std::same_as<std::remove_cv_t<T>, char8_t> &&
    !std::same_as<std::remove_cv_t<T>, char16_t> && !std::same_as<std::remove_cv_t<T>, char32_t> &&
    !std::same_as<std::remove_cv_t<T>, wchar_t>;

/// A cursor over text that reads whitespace-separated tokens, punctuation and numbers, and
/// throws parse_error (with the offset) on anything unexpected. Whitespace is ' ', '\t',
/// '\n', '\r', '\v' and '\f'; tokens end at whitespace or at one of ",[]".
/// The scanner does not own the text: keep the string alive while scanning.
class text_scanner {
 public:
  explicit text_scanner(std::string_view text) noexcept : text_(text) {}

  /// Offset of the next unread character.
  [[nodiscard]] std::size_t offset() const noexcept { return pos_; }

  /// Skips whitespace; true when nothing but whitespace remains.
  [[nodiscard]] bool at_end() noexcept {
    skip_space();
    return pos_ == text_.size();
  }

  /// Skips whitespace, then returns the next character without consuming it ('\0' at the end).
  [[nodiscard]] char peek() noexcept {
    skip_space();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  /// Skips whitespace.
  void skip_space() noexcept {
    pos_ = static_cast<std::size_t>(skip_space(text_.data() + pos_, text_.data() + text_.size()) -
                                    text_.data());
  }

  /// Moves the cursor to offset (at most the text's size), for readers that scan a stretch
  /// with the static functions below and come back to the scanner to read on or to fail.
  void seek(std::size_t offset) noexcept { pos_ = offset < text_.size() ? offset : text_.size(); }

  /// The first character at or after p, before last, that is not whitespace (or last).
  [[nodiscard]] static const char* skip_space(const char* p, const char* last) noexcept {
    while (p != last && is_space(*p)) ++p;
    return p;
  }

  /// True when word starts at p (before last) and its token ends right after it.
  [[nodiscard]] static bool word_at(const char* p, const char* last,
                                    std::string_view word) noexcept {
    const auto room = static_cast<std::size_t>(last - p);
    if (room < word.size() || std::string_view(p, word.size()) != word) return false;
    return room == word.size() || ends_token(p[word.size()]);
  }

  /// The fast path of read_number as a plain function: if the token at first (whitespace
  /// already skipped) is a number of type T written without a leading '+' that read_number
  /// accepts, stores it in value and returns the end of the number; otherwise returns
  /// nullptr, and read_number decides (it takes "+5", and words the error for anything it
  /// does not take). from_chars never consumes whitespace or ",[]", so the number ends its
  /// token iff the next character ends a token.
  template <readable_number T>
  [[nodiscard]] static const char* number_at(const char* first, const char* last,
                                             T& value) noexcept {
    std::from_chars_result result{};
    if constexpr (std::is_floating_point_v<T>) {
      result = std::from_chars(first, last, value, std::chars_format::general);
    } else {
      result = std::from_chars(first, last, value, 10);
    }
    if (result.ec != std::errc{}) return nullptr;
    if (result.ptr != last && !ends_token(*result.ptr)) return nullptr;
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(value)) return nullptr;
    }
    return result.ptr;
  }

  /// The whole text being scanned.
  [[nodiscard]] std::string_view text() const noexcept { return text_; }

  /// Skips whitespace; consumes c and returns true if it comes next.
  bool try_consume(char c) noexcept {
    if (peek() != c || pos_ == text_.size()) return false;
    ++pos_;
    return true;
  }

  /// Skips whitespace and consumes c, or throws "expected 'c' <context>".
  void expect(char c, std::string_view context) {
    if (try_consume(c)) return;
    std::string message = "expected ";
    message += quote_char(c);
    message += ' ';
    message += context;
    message += ", found ";
    message += describe_next();
    fail(message);
  }

  /// Skips whitespace and returns the next token (possibly empty), consuming it.
  std::string_view read_token() noexcept {
    skip_space();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !ends_token(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  /// Skips whitespace; consumes word and returns true if the next token is exactly word.
  bool try_consume_word(std::string_view word) noexcept {
    skip_space();
    if (!word_at(text_.data() + pos_, text_.data() + text_.size(), word)) return false;
    pos_ += word.size();
    return true;
  }

  /// Skips whitespace; true when the next token is empty (the end, or a delimiter comes next).
  [[nodiscard]] bool at_empty_token() noexcept {
    skip_space();
    return pos_ == text_.size() || is_delimiter(text_[pos_]);
  }

  /// Reads the next token as a T. Throws parse_error when the token is missing ("expected
  /// <what>"), is not a number of that kind, is NaN, or is out of T's range (no wrap-around).
  /// A leading '+' is accepted; integers are decimal.
  template <readable_number T>
  T read_number(std::string_view what) {
    skip_space();
    const std::size_t start = pos_;
    // One pass for the common case: a number converted at the cursor that ends its token.
    // Anything else (a sign to strip, garbage, out of range) is read again as a token below,
    // which decides and words the error exactly as parse_number does.
    T value{};
    if (try_read_number_here(value)) return value;
    const std::string_view token = read_token();
    if (token.empty()) {
      pos_ = start;
      fail("expected " + std::string(what) + ", found " + describe_next());
    }
    return parse_number<T>(token, start, what);
  }

  /// Converts a token already read (found at offset) with the rules of read_number, for
  /// readers that look at a token before knowing it is a number (e.g. "null" or a value), so
  /// the token is scanned once. Throws parse_error at offset as read_number does; an empty
  /// token is reported as "expected <what>, found ''".
  template <readable_number T>
  [[nodiscard]] static T parse_number(std::string_view token, std::size_t offset,
                                      std::string_view what) {
    const std::size_t start = offset;
    std::string_view digits = token;
    if (digits.size() > 1 && digits.front() == '+' && digits[1] != '-') digits.remove_prefix(1);
    T value{};
    const char* first = digits.data();
    const char* last = digits.data() + digits.size();
    std::from_chars_result result{};
    if constexpr (std::is_floating_point_v<T>) {
      result = std::from_chars(first, last, value, std::chars_format::general);
    } else {
      result = std::from_chars(first, last, value, 10);
    }
    if (result.ec == std::errc::result_out_of_range) {
      fail_at(start, "number " + quote(token) + " is out of range for " + std::string(what) +
                         " (" + range_text<T>() + ")");
    }
    if (result.ec != std::errc{} || result.ptr != last) {
      fail_at(start, "expected " + std::string(what) + ", found " + quote(token));
    }
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(value)) fail_at(start, "NaN is not allowed as " + std::string(what));
    }
    return value;
  }

  /// Throws "unexpected trailing text" unless only whitespace remains.
  void expect_end(std::string_view context) {
    if (at_end()) return;
    fail("unexpected " + describe_next() + " " + std::string(context));
  }

  /// Throws parse_error with message at the current offset (after skipping whitespace).
  [[noreturn]] void fail(const std::string& message) {
    skip_space();
    throw parse_error(message, pos_);
  }

  /// Throws parse_error with message at the given offset.
  [[noreturn]] static void fail_at(std::size_t offset, const std::string& message) {
    throw parse_error(message, offset);
  }

  /// A short description of what comes next, for messages: "end of input", "','" or "'abc'".
  [[nodiscard]] std::string describe_next() {
    skip_space();
    if (pos_ == text_.size()) return "end of input";
    if (is_delimiter(text_[pos_])) return quote_char(text_[pos_]);
    const std::size_t saved = pos_;
    const std::string_view token = read_token();
    pos_ = saved;
    return quote(token);
  }

  /// Quotes a token for a message, cut to 40 characters.
  [[nodiscard]] static std::string quote(std::string_view token) {
    constexpr std::size_t limit = 40;
    std::string shown(token.substr(0, limit));
    for (char& c : shown) {
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    }
    if (token.size() > limit) shown += "...";
    return "'" + shown + "'";
  }

  /// Quotes one character for a message: 'c'.
  [[nodiscard]] static std::string quote_char(char c) {
    // Not "'" + std::string(1, c) + "'": g++ 12 reports a false -Wrestrict on that at -O3.
    std::string quoted(3, '\'');
    quoted[1] = c;
    return quoted;
  }

  static constexpr bool is_space(char c) noexcept {
    // One range test and one bit test instead of six comparisons: ' ' and '\t'..'\r'.
    const auto u = static_cast<unsigned char>(c);
    constexpr std::uint64_t spaces = (std::uint64_t{1} << ' ') | (std::uint64_t{1} << '\t') |
                                     (std::uint64_t{1} << '\n') | (std::uint64_t{1} << '\v') |
                                     (std::uint64_t{1} << '\f') | (std::uint64_t{1} << '\r');
    return u <= ' ' && ((spaces >> u) & 1u) != 0;
  }
  static constexpr bool is_delimiter(char c) noexcept {
    return c == ',' || c == '[' || c == ']';
  }
  /// True for the characters that end a token: whitespace and the delimiters ",[]".
  static constexpr bool ends_token(char c) noexcept { return is_space(c) || is_delimiter(c); }

 private:
  // The fast path of read_number at the cursor (whitespace already skipped): consumes the
  // number and returns true, or consumes nothing and returns false (see number_at).
  template <readable_number T>
  bool try_read_number_here(T& value) noexcept {
    const char* const end = number_at(text_.data() + pos_, text_.data() + text_.size(), value);
    if (end == nullptr) return false;
    pos_ = static_cast<std::size_t>(end - text_.data());
    return true;
  }

  template <class T>
  static std::string range_text() {
    if constexpr (std::is_floating_point_v<T>) {
      return "magnitude up to " + std::to_string(std::numeric_limits<T>::max());
    } else {
      return std::to_string(std::numeric_limits<T>::min()) + " to " +
             std::to_string(std::numeric_limits<T>::max());
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

/// Reads all of a C stream (standard input by default) in large blocks. Throws
/// std::runtime_error on a read error or when the input exceeds max_bytes (default 1 GiB),
/// so a runaway input cannot exhaust memory.
inline std::string read_all(std::FILE* stream = stdin,
                            std::size_t max_bytes = std::size_t{1} << 30) {
  std::string text;
  constexpr std::size_t block = std::size_t{1} << 16;
  for (;;) {
    const std::size_t old_size = text.size();
    if (old_size > max_bytes) {
      throw std::runtime_error("input is larger than " + std::to_string(max_bytes) + " bytes");
    }
    text.resize(old_size + block);
    const std::size_t got = std::fread(text.data() + old_size, 1, block, stream);
    text.resize(old_size + got);
    if (got < block) {
      if (std::ferror(stream)) throw std::runtime_error("error reading input");
      if (text.size() > max_bytes) {
        throw std::runtime_error("input is larger than " + std::to_string(max_bytes) + " bytes");
      }
      return text;
    }
  }
}

}  // namespace gametree
