#pragma once
// The fields a visitFields function binds (a node's, a constraint's, a settings block's), as the
// JSON object the scene file holds for them, read and written by the scene file's own visitors
// (JsonFieldReader, JsonFieldWriter). Editors outside the file format — the Python module's
// `node.fields` — use this, so every node type, constraint kind and settings block is covered
// with no per-type code, and a bad value is refused with the same message a file would get.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/field_visitor.h"

namespace flexure {

using FieldVisit = std::function<void(FieldVisitor&)>;

// The fields as JSON object text (one line).
std::string writeFieldsJson(const FieldVisit& visit);

// Assigns the fields present in `jsonObject` (absent optional fields keep their values, required
// ones must be there: to change a few fields, merge them into writeFieldsJson's object). Throws
// LoadError at the offending value, "SOURCE:LINE:COL: key: message"; keys the visit does not
// know are errors here too (a script's typo must not pass silently), except those listed in
// `ignoredKeys`. A visit that throws midway may have assigned some fields: callers that need
// all-or-nothing keep the old JSON and read it back on failure.
void readFieldsJson(std::string_view jsonObject, const std::string& sourceName, const FieldVisit& visit,
                    const std::vector<std::string>& ignoredKeys = {});

}  // namespace flexure
