#include <gametree/text_input.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "support/catch.hpp"

using gametree::parse_error;
using gametree::text_scanner;
using gametree_test::ContainsSubstring;

TEST_CASE("scanner reads punctuation, words and numbers across any whitespace") {
  text_scanner s(" [ 12,\t-7 ,\r\n null , +3 ] ");
  s.expect('[', "at start");
  CHECK(s.read_number<int>("an int") == 12);
  CHECK(s.try_consume(','));
  CHECK(s.read_number<long long>("a long long") == -7);
  CHECK(s.try_consume(','));
  CHECK_FALSE(s.try_consume_word("nul"));
  CHECK(s.try_consume_word("null"));
  CHECK(s.try_consume(','));
  CHECK(s.read_number<int>("an int") == 3);
  s.expect(']', "at end");
  CHECK(s.at_end());
  CHECK_NOTHROW(s.expect_end("after the list"));
}

TEST_CASE("scanner reads floating point, rejects NaN") {
  text_scanner s("2.5 -1e3 inf nan");
  CHECK(s.read_number<double>("a number") == 2.5);
  CHECK(s.read_number<double>("a number") == -1000.0);
  CHECK(s.read_number<double>("a number") > 1e308);
  CHECK_THROWS_WITH(s.read_number<double>("a number"),
                    ContainsSubstring("NaN is not allowed") && ContainsSubstring("offset 13"));
}

TEST_CASE("scanner errors name the problem and the offset") {
  SECTION("missing number") {
    text_scanner s("[,");
    s.expect('[', "");
    try {
      (void)s.read_number<int>("an int");
      FAIL("no exception");
    } catch (const parse_error& e) {
      CHECK(e.offset() == 1);
      CHECK_THAT(e.what(), ContainsSubstring("expected an int, found ','"));
    }
  }
  SECTION("garbage") {
    text_scanner s("  12x");
    CHECK_THROWS_WITH(s.read_number<int>("an int"),
                      ContainsSubstring("expected an int, found '12x' at offset 2"));
  }
  SECTION("out of range, no wrap") {
    text_scanner s("2147483648");
    CHECK_THROWS_WITH(s.read_number<int>("an int"),
                      ContainsSubstring("'2147483648' is out of range") &&
                          ContainsSubstring("-2147483648 to 2147483647"));
    text_scanner u("-1");
    CHECK_THROWS_AS(u.read_number<std::uint32_t>("a count"), parse_error);
  }
  SECTION("end of input") {
    text_scanner s("   ");
    CHECK_THROWS_WITH(s.read_number<int>("an int"),
                      ContainsSubstring("found end of input at offset 3"));
  }
  SECTION("trailing text") {
    text_scanner s("[] x");
    s.expect('[', "");
    s.expect(']', "");
    CHECK_THROWS_WITH(s.expect_end("after ']'"),
                      ContainsSubstring("unexpected 'x' after ']' at offset 3"));
  }
  SECTION("expect names the context") {
    text_scanner s("1");
    CHECK_THROWS_WITH(s.expect('[', "at the start of the tree"),
                      ContainsSubstring("expected '[' at the start of the tree, found '1'"));
  }
  SECTION("parse_error is an invalid_argument") {
    text_scanner s("q");
    CHECK_THROWS_AS(s.read_number<int>("an int"), std::invalid_argument);
  }
}

TEST_CASE("long tokens are cut in messages, control bytes masked") {
  std::string token(100, 'z');
  token[0] = '\x01';
  text_scanner s(token);
  try {
    (void)s.read_number<int>("an int");
    FAIL("no exception");
  } catch (const parse_error& e) {
    const std::string message = e.what();
    CHECK_THAT(message, ContainsSubstring("'?zzz"));
    CHECK_THAT(message, ContainsSubstring("zzz...'"));
    CHECK(message.size() < 120);
  }
}

TEST_CASE("read_all reads a whole stream and enforces its limit") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  const std::string content(200000, 'a');
  REQUIRE(std::fwrite(content.data(), 1, content.size(), f) == content.size());
  std::rewind(f);
  CHECK(gametree::read_all(f) == content);
  std::rewind(f);
  CHECK_THROWS_WITH(gametree::read_all(f, 1000), ContainsSubstring("larger than 1000 bytes"));
  std::fclose(f);
}

TEST_CASE("scanner at the very end of the text, lone signs and bytes above ASCII") {
  SECTION("try_consume does not consume the '\\0' that peek() reports at the end") {
    text_scanner empty("");
    CHECK(empty.peek() == '\0');
    CHECK_FALSE(empty.try_consume('\0'));
    CHECK(empty.offset() == 0);
    // A real NUL character is an ordinary character.
    text_scanner nul(std::string_view("\0", 1));
    CHECK(nul.try_consume('\0'));
    CHECK(nul.offset() == 1);
  }
  SECTION("a word that ends the text") {
    text_scanner s("  null");
    CHECK(s.try_consume_word("null"));
    CHECK(s.offset() == 6);
    CHECK(s.at_end());
    text_scanner longer("nullx");
    CHECK_FALSE(longer.try_consume_word("null"));
    CHECK(longer.offset() == 0);
  }
  SECTION("a '+' with no digits after it is not a number") {
    text_scanner at_end(" +");
    CHECK_THROWS_WITH(at_end.read_number<int>("an int"),
                      ContainsSubstring("expected an int, found '+' at offset 1"));
    text_scanner before_comma("+,");
    CHECK_THROWS_WITH(before_comma.read_number<int>("an int"),
                      ContainsSubstring("expected an int, found '+' at offset 0"));
    text_scanner two_signs("[+-5]");
    two_signs.expect('[', "");
    CHECK_THROWS_WITH(two_signs.read_number<long long>("a long long"),
                      ContainsSubstring("expected a long long, found '+-5' at offset 1"));
  }
  SECTION("bytes 0x7f and above are masked in messages") {
    text_scanner s("\x7f\x80\xff" "ab");
    CHECK_THROWS_WITH(s.read_number<int>("an int"),
                      ContainsSubstring("expected an int, found '???ab' at offset 0"));
  }
}

TEST_CASE("parse_number converts a token read earlier, with read_number's rules") {
  CHECK(text_scanner::parse_number<int>("+5", 0, "an int") == 5);
  CHECK(text_scanner::parse_number<int>("-5", 0, "an int") == -5);
  CHECK(text_scanner::parse_number<std::uint64_t>("18446744073709551615", 0, "a count") ==
        UINT64_C(18446744073709551615));
  CHECK(text_scanner::parse_number<double>("2.5", 0, "a number") == 2.5);
  CHECK(text_scanner::parse_number<double>("+1e3", 0, "a number") == 1000.0);
  CHECK(text_scanner::parse_number<float>("-0.25", 0, "a float") == -0.25F);
  // The offset given is the one reported.
  CHECK_THROWS_WITH(text_scanner::parse_number<int>("+", 7, "an int"),
                    ContainsSubstring("expected an int, found '+' at offset 7"));
  CHECK_THROWS_WITH(text_scanner::parse_number<int>("+-5", 3, "an int"),
                    ContainsSubstring("expected an int, found '+-5' at offset 3"));
  CHECK_THROWS_WITH(text_scanner::parse_number<int>("", 2, "an int"),
                    ContainsSubstring("expected an int, found '' at offset 2"));
  CHECK_THROWS_WITH(text_scanner::parse_number<double>("nan", 4, "a number"),
                    ContainsSubstring("NaN is not allowed as a number at offset 4"));
  CHECK_THROWS_WITH(text_scanner::parse_number<signed char>("128", 0, "a small number"),
                    ContainsSubstring("'128' is out of range for a small number (-128 to 127)"));
  CHECK_THROWS_WITH(text_scanner::parse_number<double>("1e999", 5, "a number"),
                    ContainsSubstring("'1e999' is out of range for a number (magnitude up to") &&
                        ContainsSubstring("at offset 5"));
}

TEST_CASE("read_all: just over the limit, exactly at it, and a stream that cannot be read") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  // Shorter than one read block, so the limit is checked after the last read.
  const std::string content(1500, 'b');
  REQUIRE(std::fwrite(content.data(), 1, content.size(), f) == content.size());
  std::rewind(f);
  CHECK_THROWS_WITH(gametree::read_all(f, 1499), ContainsSubstring("larger than 1499 bytes"));
  std::rewind(f);
  CHECK(gametree::read_all(f, 1500) == content);
  std::fclose(f);

  // Reading a stream opened only for writing fails with a read error.
  std::FILE* write_only = std::fopen("/dev/null", "w");
  REQUIRE(write_only != nullptr);
  CHECK_THROWS_WITH(gametree::read_all(write_only), ContainsSubstring("error reading input"));
  std::fclose(write_only);
}

TEST_CASE("static scanning functions follow the scanner's rules on a pointer range") {
  const auto number = [](std::string_view text, long long& value) -> std::ptrdiff_t {
    const char* const end = text_scanner::number_at(text.data(), text.data() + text.size(), value);
    return end == nullptr ? -1 : end - text.data();
  };
  long long v = 0;
  CHECK(number("42", v) == 2);
  CHECK(v == 42);
  CHECK(number("-7,", v) == 2);
  CHECK(v == -7);
  CHECK(number("+5]", v) == -1);  // a '+' is left to read_number, which takes it
  CHECK(number("+", v) == -1);
  CHECK(number("+-5", v) == -1);
  CHECK(number("+ 5", v) == -1);
  CHECK(number("12x", v) == -1);
  CHECK(number("", v) == -1);
  CHECK(number("null", v) == -1);
  CHECK(number("9223372036854775808", v) == -1);  // out of range: left to read_number
  double d = 0;
  const std::string_view nan = "nan";
  CHECK(text_scanner::number_at(nan.data(), nan.data() + nan.size(), d) == nullptr);
  const std::string_view inf = "-inf ";
  CHECK(text_scanner::number_at(inf.data(), inf.data() + inf.size(), d) == inf.data() + 4);

  const auto word = [](std::string_view text) {
    return text_scanner::word_at(text.data(), text.data() + text.size(), "null");
  };
  CHECK(word("null"));
  CHECK(word("null,1"));
  CHECK(word("null\n"));
  CHECK_FALSE(word("nul"));
  CHECK_FALSE(word("nullx"));
  CHECK_FALSE(word(" null"));

  const std::string_view spaced = " \t\r\n x";
  CHECK(text_scanner::skip_space(spaced.data(), spaced.data() + spaced.size()) == spaced.data() + 5);
  CHECK(text_scanner::skip_space(spaced.data(), spaced.data() + 3) == spaced.data() + 3);

  text_scanner s("[1, 2]");
  s.seek(4);
  CHECK(s.read_number<int>("an int") == 2);
  s.seek(100);
  CHECK(s.offset() == 6);
  CHECK(s.at_end());
}
