#include "flexure/io/json_reader.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <system_error>
#include <unordered_set>

namespace flexure::json {

namespace {

// Recursive-descent parser over the byte string; `line_`/`column_` follow `pos_`.
class Parser {
 public:
  Parser(std::string_view text, const std::string& source, const ReadOptions& options)
      : text_(text), source_(source), options_(options) {}

  Value document() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // byte order mark
    skipWhitespace();
    if (atEnd()) fail("empty document: expected a JSON value");
    Value v = value(0);
    skipWhitespace();
    if (!atEnd()) fail("unexpected " + describeHere() + " after the end of the document");
    return v;
  }

 private:
  bool atEnd() const { return pos_ >= text_.size(); }
  unsigned char peek() const { return static_cast<unsigned char>(text_[pos_]); }
  Position here() const { return {line_, column_}; }

  [[noreturn]] void failAt(Position p, const std::string& message) const {
    throw LoadError(FileLocation{source_, p.line, p.column}, "", message);
  }
  [[noreturn]] void fail(const std::string& message) const { failAt(here(), message); }

  // Moves one byte forward; continuation bytes of UTF-8 sequences do not start a column.
  void advance() {
    const unsigned char c = peek();
    ++pos_;
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;
    }
  }

  std::string describeHere() const {
    if (atEnd()) return "end of file";
    const unsigned char c = peek();
    char buf[32];
    if (c >= 0x20 && c < 0x7F) std::snprintf(buf, sizeof buf, "character '%c'", c);
    else std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
    return buf;
  }

  void skipWhitespace() {
    while (!atEnd()) {
      const unsigned char c = peek();
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
      advance();
    }
  }

  void expect(char c, const char* context) {
    if (atEnd() || peek() != static_cast<unsigned char>(c))
      fail(std::string("expected '") + c + "' " + context + ", found " + describeHere());
    advance();
  }

  Value value(int depth) {
    if (atEnd()) fail("unexpected end of file: expected a value");
    const Position start = here();
    Value v;
    switch (peek()) {
      case '{': v = object(depth + 1); break;
      case '[': v = array(depth + 1); break;
      case '"': v = Value(string()); break;
      case 't': literal("true"); v = Value(true); break;
      case 'f': literal("false"); v = Value(false); break;
      case 'n': literal("null"); v = Value(nullptr); break;
      default:
        if (peek() == '-' || (peek() >= '0' && peek() <= '9')) v = Value(number());
        else fail("expected a value, found " + describeHere());
    }
    v.setPosition(start);
    return v;
  }

  void literal(std::string_view word) {
    const Position start = here();
    for (char c : word) {
      if (atEnd() || peek() != static_cast<unsigned char>(c))
        failAt(start, "invalid literal: expected '" + std::string(word) + "'");
      advance();
    }
  }

  void checkDepth(int depth) const {
    if (depth > options_.maxDepth)
      fail("arrays and objects nested deeper than " + std::to_string(options_.maxDepth) + " levels");
  }

  Value object(int depth) {
    checkDepth(depth);
    advance();  // '{'
    Value obj = Value::object();
    std::unordered_set<std::string> seen;
    skipWhitespace();
    if (!atEnd() && peek() == '}') {
      advance();
      return obj;
    }
    for (;;) {
      skipWhitespace();
      if (atEnd() || peek() != '"') fail("expected a string as object key, found " + describeHere());
      const Position keyPos = here();
      std::string key = string();
      if (!seen.insert(key).second) {
        const Position first = obj.keyPosition(static_cast<std::size_t>(obj.indexOf(key)));
        failAt(keyPos, "duplicate key \"" + key + "\" (first at line " + std::to_string(first.line) + ", column " +
                           std::to_string(first.column) + ")");
      }
      skipWhitespace();
      expect(':', "after object key");
      skipWhitespace();
      Value member = value(depth);
      obj.set(std::move(key), std::move(member), keyPos);
      skipWhitespace();
      if (atEnd()) fail("unexpected end of file inside an object: expected ',' or '}'");
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == '}') {
        advance();
        return obj;
      }
      fail("expected ',' or '}' after object member, found " + describeHere());
    }
  }

  Value array(int depth) {
    checkDepth(depth);
    advance();  // '['
    Value arr = Value::array();
    skipWhitespace();
    if (!atEnd() && peek() == ']') {
      advance();
      return arr;
    }
    for (;;) {
      skipWhitespace();
      arr.push(value(depth));
      skipWhitespace();
      if (atEnd()) fail("unexpected end of file inside an array: expected ',' or ']'");
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == ']') {
        advance();
        return arr;
      }
      fail("expected ',' or ']' after array element, found " + describeHere());
    }
  }

  // number = [ minus ] int [ frac ] [ exp ] (RFC 8259 section 6), validated here because
  // std::from_chars also accepts forms JSON does not ("inf", "1.", leading zeros).
  double number() {
    const Position start = here();
    const std::size_t begin = pos_;
    auto digits = [&] {
      std::size_t n = 0;
      while (!atEnd() && peek() >= '0' && peek() <= '9') { advance(); ++n; }
      return n;
    };
    if (peek() == '-') advance();
    if (atEnd() || !(peek() >= '0' && peek() <= '9')) fail("invalid number: expected a digit");
    if (peek() == '0') {
      advance();
      if (!atEnd() && peek() >= '0' && peek() <= '9') failAt(start, "invalid number: leading zeros are not allowed");
    } else {
      digits();
    }
    if (!atEnd() && peek() == '.') {
      advance();
      if (digits() == 0) fail("invalid number: expected a digit after the decimal point");
    }
    if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
      advance();
      if (!atEnd() && (peek() == '+' || peek() == '-')) advance();
      if (digits() == 0) fail("invalid number: expected a digit in the exponent");
    }
    double d = 0.0;
    const char* first = text_.data() + begin;
    const char* last = text_.data() + pos_;
    const auto [ptr, ec] = std::from_chars(first, last, d);
    if (ec == std::errc::result_out_of_range)
      failAt(start, "number " + std::string(first, last) + " is out of the range of a double");
    if (ec != std::errc() || ptr != last) failAt(start, "invalid number " + std::string(first, last));
    return d;
  }

  unsigned hex4() {
    unsigned cp = 0;
    for (int i = 0; i < 4; ++i) {
      if (atEnd()) fail("unexpected end of file in \\u escape");
      const unsigned char c = peek();
      unsigned digit;
      if (c >= '0' && c <= '9') digit = c - '0';
      else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
      else fail("invalid \\u escape: expected 4 hexadecimal digits");
      cp = cp * 16 + digit;
      advance();
    }
    return cp;
  }

  static void appendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // \uXXXX, combining a UTF-16 surrogate pair into one code point.
  void unicodeEscape(std::string& out, Position escapeStart) {
    unsigned cp = hex4();
    if (cp >= 0xDC00 && cp <= 0xDFFF) failAt(escapeStart, "unpaired low surrogate in \\u escape");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (pos_ + 1 >= text_.size() || text_[pos_] != '\\' || text_[pos_ + 1] != 'u')
        failAt(escapeStart, "unpaired high surrogate in \\u escape");
      advance();
      advance();
      const unsigned low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) failAt(escapeStart, "high surrogate not followed by a low surrogate");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(out, cp);
  }

  // Copies one raw UTF-8 sequence, refusing overlong forms, surrogates and values > U+10FFFF.
  void rawUtf8(std::string& out) {
    const Position start = here();
    const unsigned char c = peek();
    int extra;
    unsigned cp;
    if (c < 0x80) { extra = 0; cp = c; }
    else if (c >= 0xC2 && c <= 0xDF) { extra = 1; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { extra = 2; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { extra = 3; cp = c & 0x07; }
    else failAt(start, "invalid UTF-8 byte " + describeHere().substr(5));
    out += static_cast<char>(c);
    advance();
    for (int i = 0; i < extra; ++i) {
      if (atEnd() || (peek() & 0xC0) != 0x80) failAt(start, "invalid UTF-8 sequence in string");
      cp = (cp << 6) | (peek() & 0x3F);
      out += static_cast<char>(peek());
      advance();
    }
    const unsigned minimum[] = {0, 0x80, 0x800, 0x10000};
    if (cp < minimum[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      failAt(start, "invalid UTF-8 sequence in string");
  }

  std::string string() {
    const Position start = here();
    advance();  // opening quote
    std::string out;
    for (;;) {
      if (atEnd()) failAt(start, "unterminated string");
      const unsigned char c = peek();
      if (c == '"') {
        advance();
        return out;
      }
      if (c < 0x20) fail(c == '\n' ? "unterminated string (line break inside a string)" : "control character in string: must be escaped");
      if (c != '\\') {
        rawUtf8(out);
        continue;
      }
      const Position escapeStart = here();
      advance();
      if (atEnd()) failAt(start, "unterminated string");
      const char e = static_cast<char>(peek());
      advance();
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': unicodeEscape(out, escapeStart); break;
        default: failAt(escapeStart, std::string("invalid escape '\\") + e + "' in string");
      }
    }
  }

  std::string_view text_;
  const std::string& source_;
  ReadOptions options_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

}  // namespace

Value parse(std::string_view text, const std::string& sourceName, const ReadOptions& options) {
  return Parser(text, sourceName, options).document();
}

}  // namespace flexure::json
