#include "flexure/rigid/description_lexer.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "flexure/core/load_error.h"

namespace flexure {

namespace {

bool isWordStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    for (;;) {
      skipBlanksAndComments();
      Token t;
      t.line = line_;
      t.column = column_;
      if (at_ >= text_.size()) {
        tokens.push_back(t);
        return tokens;
      }
      const char c = text_[at_];
      if (c == ';') {
        t.kind = TokenKind::Semicolon;
        t.text = ";";
        advance();
      } else if (isDigit(c) || ((c == '-' || c == '+' || c == '.') && startsNumber())) {
        t.kind = TokenKind::Number;
        number(t);
      } else if (isWordStart(c)) {
        t.kind = TokenKind::Word;
        while (at_ < text_.size() && isWordChar(text_[at_])) t.text += advance();
      } else {
        fail(t.line, t.column, std::string("unexpected character '") + c + "'");
      }
      tokens.push_back(std::move(t));
    }
  }

 private:
  char advance() {
    const char c = text_[at_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }
  bool startsNumber() const {
    std::size_t i = at_;
    if (text_[i] == '-' || text_[i] == '+') ++i;
    if (i < text_.size() && text_[i] == '.') ++i;
    return i < text_.size() && isDigit(text_[i]);
  }
  void number(Token& t) {
    const std::size_t start = at_;
    if (text_[at_] == '-' || text_[at_] == '+') advance();
    while (at_ < text_.size() && (isDigit(text_[at_]) || text_[at_] == '.')) advance();
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      advance();
      if (at_ < text_.size() && (text_[at_] == '-' || text_[at_] == '+')) advance();
      while (at_ < text_.size() && isDigit(text_[at_])) advance();
    }
    t.text = std::string(text_.substr(start, at_ - start));
    char* end = nullptr;
    t.number = std::strtod(t.text.c_str(), &end);
    if (end != t.text.c_str() + t.text.size()) fail(t.line, t.column, "malformed number '" + t.text + "'");
    // strtod turns 1e999 into infinity: no value of the language may be infinite.
    if (!std::isfinite(t.number)) fail(t.line, t.column, "number '" + t.text + "' is out of the range of a double");
    if (at_ < text_.size() && isWordStart(text_[at_]))
      fail(line_, column_, "a number must be followed by a blank or ';'");
  }
  void skipBlanksAndComments() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
      } else if (c == '/' && at_ + 1 < text_.size() && text_[at_ + 1] == '*') {
        const int line = line_, column = column_;
        advance();
        advance();
        while (at_ + 1 < text_.size() && !(text_[at_] == '*' && text_[at_ + 1] == '/')) advance();
        if (at_ + 1 >= text_.size()) fail(line, column, "unterminated comment");
        advance();
        advance();
      } else if (c == '/' && at_ + 1 < text_.size() && text_[at_ + 1] == '/') {
        while (at_ < text_.size() && text_[at_] != '\n') advance();
      } else {
        return;
      }
    }
  }
  [[noreturn]] void fail(int line, int column, const std::string& message) const {
    throw LoadError({file_, line, column}, "", message);
  }

  std::string_view text_;
  std::string file_;
  std::size_t at_ = 0;
  int line_ = 1, column_ = 1;
};

}  // namespace

std::vector<Token> tokenizeDescription(std::string_view text, const std::string& fileName) {
  return Lexer(text, fileName).run();
}

}  // namespace flexure
