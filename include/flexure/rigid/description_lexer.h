#pragma once
// Tokens of the constraint description language (section 5.2, Appendix A; grammar in
// docs/description-language.md): words (keywords and object names such as "left-thigh"),
// numbers ("-.4", "1e-3"), ";" — with /* C comments */ and // line comments skipped. Every token
// carries its line and column so that errors can name them.
#include <string>
#include <string_view>
#include <vector>

namespace flexure {

enum class TokenKind { Word, Number, Semicolon, End };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;
  double number = 0.0;
  int line = 1, column = 1;
};

// Splits the whole text; throws LoadError (file, line, column) on an unterminated comment or a
// character that starts no token.
std::vector<Token> tokenizeDescription(std::string_view text, const std::string& fileName);

}  // namespace flexure
