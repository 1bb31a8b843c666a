#include <gametree/text_input.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

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
