// Fields as JSON through the scene file's own field reader and writer (field_json.h), what the
// Python module's `fields` use.
#include <catch2/catch.hpp>

#include "flexure/core/constraint.h"
#include "flexure/core/load_error.h"
#include "flexure/io/field_json.h"
#include "flexure/modules.h"

using namespace flexure;

TEST_CASE("fields round-trip as JSON and bad values fail like a scene file", "[fields]") {
  registerAllModules();
  std::unique_ptr<Constraint> c = ConstraintRegistry::instance().create("attach-pipes");
  REQUIRE(c);
  const FieldVisit visit = [&](FieldVisitor& v) { c->visitFields(v); };
  readFieldsJson(R"({"pipe_a": "a", "end_a": -1, "pipe_b": "b", "end_b": 1})", "test", visit);
  const std::string written = writeFieldsJson(visit);
  CHECK(written.find("\"pipe_a\": \"a\"") != std::string::npos);
  CHECK(written.find("\"end_b\": 1") != std::string::npos);

  // A wrong type: LoadError at the value, with the file reader's message.
  try {
    readFieldsJson(R"({"pipe_a": "a", "end_a": "left", "pipe_b": "b", "end_b": 1})", "test", visit);
    FAIL("no error");
  } catch (const LoadError& e) {
    CHECK(e.where().file == "test");
    CHECK(e.where().line == 1);
    CHECK(e.where().column == 26);
    CHECK(e.jsonPath() == "end_a");
  }
  // An unknown key is an error here (a script's typo), not a warning.
  const std::string withTypo = R"({"pipe_a": "a", "end_a": -1, "pipe_b": "b", "end_b": 1, "end_c": 1})";
  CHECK_THROWS_AS(readFieldsJson(withTypo, "test", visit), LoadError);
  CHECK_NOTHROW(readFieldsJson(withTypo, "test", visit, {"end_c"}));
  // Required fields must be given (the Python module merges an update into the current fields).
  CHECK_THROWS_AS(readFieldsJson(R"({"end_a": 1})", "test", visit), LoadError);
  CHECK(writeFieldsJson(visit) == written);
}
