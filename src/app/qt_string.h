#pragma once
// The core's names and messages are UTF-8 std::strings; Qt's are QStrings.
#include <QString>
#include <string_view>

namespace flexure::app {

inline QString toQString(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace flexure::app
