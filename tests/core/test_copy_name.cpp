// Names of copies, the Blender way (issue 27): "fixed-a" -> "fixed-a.001", the lowest free
// number, and a copy of a copy without stacked suffixes.
#include <catch2/catch.hpp>

#include <set>

#include "flexure/core/copy_name.h"

using namespace flexure;

TEST_CASE("copies are named with the lowest free .NNN of the stem", "[copy-name]") {
  std::set<std::string, std::less<>> taken;
  const auto isTaken = [&](std::string_view n) { return taken.count(n) > 0; };
  CHECK(uniqueCopyName("fixed-a", isTaken) == "fixed-a");
  taken.insert("fixed-a");
  CHECK(uniqueCopyName("fixed-a", isTaken) == "fixed-a.001");
  taken.insert("fixed-a.001");
  taken.insert("fixed-a.003");
  CHECK(uniqueCopyName("fixed-a", isTaken) == "fixed-a.002");
  // A copy of a copy: the stem again, not "fixed-a.001.001".
  CHECK(uniqueCopyName("fixed-a.001", isTaken) == "fixed-a.002");
  // Loader-made names ("tube.1") are suffixes too; other dots are part of the name.
  taken.insert("tube.1");
  CHECK(uniqueCopyName("tube.1", isTaken) == "tube.001");
  taken.insert("v1.2b");
  CHECK(uniqueCopyName("v1.2b", isTaken) == "v1.2b.001");
  taken.insert(".001");
  CHECK(uniqueCopyName(".001", isTaken) == ".001.001");
  // Past 999 the number grows a digit.
  for (int i = 1; i <= 999; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "p.%03d", i);
    taken.insert(name);
  }
  taken.insert("p");
  CHECK(uniqueCopyName("p", isTaken) == "p.1000");
}
