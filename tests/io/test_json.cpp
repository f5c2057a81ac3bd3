#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "flexure/io/json_reader.h"
#include "flexure/io/json_writer.h"

using namespace flexure;

namespace {

// The LoadError of parsing `text`, which must fail.
LoadError parseError(const std::string& text) {
  try {
    json::parse(text, "t.json");
  } catch (const LoadError& e) {
    return e;
  }
  FAIL("expected a parse error for: " << text);
  throw std::logic_error("unreachable");
}

std::uint64_t bits(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

}  // namespace

TEST_CASE("json reader keeps the line and column of every value", "[json]") {
  const json::Value v = json::parse("{\n  \"a\": [1, 2.5,\n   true],\n  \"bé\": \"x\", \"c\": null\n}", "t.json");
  REQUIRE(v.isObject());
  CHECK(v.position().line == 1);
  CHECK(v.position().column == 1);
  const json::Value& a = *v.find("a");
  CHECK(a.position().line == 2);
  CHECK(a.position().column == 8);
  CHECK(a.items()[1].position().column == 12);
  CHECK(a.items()[2].position().line == 3);
  CHECK(a.items()[2].position().column == 4);
  // Columns count code points: "é" is two bytes but one column.
  CHECK(v.keyPosition(1).column == 3);
  CHECK(v.find("bé")->position().column == 9);
  CHECK(v.find("c")->position().column == 19);
  CHECK(v.key(0) == "a");
  CHECK(v.key(2) == "c");
}

TEST_CASE("json strings: escapes, \\u escapes and surrogate pairs", "[json]") {
  const json::Value v = json::parse(R"(["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "raw é 中 😀"])", "t.json");
  CHECK(v.items()[0].asString() == "a\"b\\c/d\b\f\n\r\t");
  CHECK(v.items()[1].asString() == "\xC3\xA9\xE4\xB8\xAD");
  CHECK(v.items()[2].asString() == "\xF0\x9F\x98\x80");
  CHECK(v.items()[3].asString() == "raw \xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80");
  // The writer escapes what must be escaped and reads back the same string.
  for (const json::Value& s : v.items()) CHECK(json::parse(json::quote(s.asString()), "q").asString() == s.asString());
  CHECK(json::quote(std::string("\x01")) == "\"\\u0001\"");
}

TEST_CASE("json numbers read back bit-exact through the writer", "[json]") {
  const double awkward[] = {0.1,
                            1.0 / 3.0,
                            1e-300,
                            -1e300,
                            5e-324,  // smallest denormal
                            2.2250738585072009e-308,  // largest denormal
                            -0.0,
                            0.0,
                            123456789012345678.0,
                            std::nextafter(1.0, 2.0),
                            std::numeric_limits<double>::max(),
                            -std::numeric_limits<double>::min()};
  for (double d : awkward) {
    const std::string text = json::formatNumber(d);
    const json::Value v = json::parse(text, "n");
    INFO(text);
    CHECK(bits(v.asNumber()) == bits(d));
  }
  CHECK(json::formatNumber(0.1) == "0.1");
  CHECK(json::formatNumber(-0.0) == "-0");
  CHECK(json::formatNumber(2.0) == "2");
  CHECK_THROWS_AS(json::formatNumber(std::nan("")), json::WriteError);
  CHECK_THROWS_AS(json::formatNumber(INFINITY), json::WriteError);
}

TEST_CASE("json reader refuses every malformed construct with its position", "[json]") {
  struct Case {
    const char* text;
    int line, column;
    const char* message;
  };
  const Case cases[] = {
      {"", 1, 1, "empty document"},
      {"{\"a\": 1,}", 1, 9, "expected a string as object key"},
      {"[1, 2", 1, 6, "unexpected end of file inside an array"},
      {"{\"a\" 1}", 1, 6, "expected ':'"},
      {"{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"},
      {"[1 2]", 1, 4, "expected ',' or ']'"},
      {"[01]", 1, 2, "leading zeros"},
      {"[1.]", 1, 4, "digit after the decimal point"},
      {"[1e]", 1, 4, "digit in the exponent"},
      {"[-]", 1, 3, "expected a digit"},
      {"[+1]", 1, 2, "expected a value"},
      {"[1e999]", 1, 2, "out of the range of a double"},
      {"[NaN]", 1, 2, "expected a value"},
      {"[tru]", 1, 2, "invalid literal"},
      {"\"abc", 1, 1, "unterminated string"},
      {"\"a\nb\"", 1, 3, "line break inside a string"},
      {"\"\\x\"", 1, 2, "invalid escape"},
      {"\"\\u12G4\"", 1, 6, "4 hexadecimal digits"},
      {"\"\\ud800\"", 1, 2, "unpaired high surrogate"},
      {"\"\\udc00\"", 1, 2, "unpaired low surrogate"},
      {"\"\xC3\x28\"", 1, 2, "invalid UTF-8"},
      {"\"\xC0\xAF\"", 1, 2, "invalid UTF-8"},
      {"\"\xED\xA0\x80\"", 1, 2, "invalid UTF-8"},
      {"{\"k\": 1,\n \"k\": 2}", 2, 2, "duplicate key \"k\" (first at line 1, column 2)"},
      {"{} x", 1, 4, "after the end of the document"},
      {"// comment\n{}", 1, 1, "expected a value"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const LoadError e = parseError(c.text);
    CHECK(e.where().file == "t.json");
    CHECK(e.where().line == c.line);
    CHECK(e.where().column == c.column);
    CHECK_THAT(e.message(), Catch::Contains(c.message));
  }
}

TEST_CASE("json reader limits nesting depth", "[json]") {
  const std::string deep = std::string(300, '[') + std::string(300, ']');
  CHECK_THAT(parseError(deep).message(), Catch::Contains("nested deeper than 200"));
  const std::string ok = std::string(150, '[') + std::string(150, ']');
  CHECK_NOTHROW(json::parse(ok, "t"));
}

TEST_CASE("json reader accepts every RFC 8259 form", "[json]") {
  CHECK(json::parse("\xEF\xBB\xBF {\"a\":[]}\r\n", "t").find("a")->isArray());
  CHECK(json::parse("  42 ", "t").asNumber() == 42.0);
  CHECK(json::parse("-0.5E+2", "t").asNumber() == -50.0);
  CHECK(json::parse("1E-2", "t").asNumber() == 0.01);
  CHECK(json::parse("\"\"", "t").asString().empty());
  CHECK(json::parse("{}", "t").memberCount() == 0);
  CHECK(json::parse("false", "t").asBool() == false);
  CHECK(json::parse("null", "t").isNull());
}

TEST_CASE("json writer: 2-space indent, stable order, short numeric containers on one line", "[json]") {
  json::Value doc = json::Value::object();
  doc.set("z", 1);
  doc.set("a", json::Value::array());
  json::Value& arr = *doc.find("a");
  arr.push(0.1);
  arr.push(-0.0);
  arr.push(true);
  json::Value point = json::Value::object();
  point.set("patch", 0);
  point.set("u", 0.5);
  doc.set("p", point);
  json::Value names = json::Value::object();
  names.set("name", "x");
  doc.set("n", names);
  json::Value empty = json::Value::array();
  doc.set("e", empty);
  const std::string text = json::write(doc);
  CHECK(text ==
        "{\n"
        "  \"z\": 1,\n"
        "  \"a\": [0.1, -0, true],\n"
        "  \"p\": {\"patch\": 0, \"u\": 0.5},\n"
        "  \"n\": {\n"
        "    \"name\": \"x\"\n"
        "  },\n"
        "  \"e\": []\n"
        "}\n");
  // Long arrays break one element per line.
  json::Value longArray = json::Value::array();
  for (int i = 0; i < 40; ++i) longArray.push(0.123456789 * i);
  const std::string longText = json::write(longArray);
  CHECK(std::count(longText.begin(), longText.end(), '\n') == 42);
  CHECK(json::write(json::parse(text, "t")) == text);
}
