#include "flexure/io/field_json.h"

#include "flexure/io/json_reader.h"
#include "flexure/io/json_writer.h"
#include "json_context.h"
#include "json_field_reader.h"
#include "json_field_writer.h"

namespace flexure {

std::string writeFieldsJson(const FieldVisit& visit) {
  json::Value object = json::Value::object();
  io_detail::JsonFieldWriter writer(object);
  visit(writer);
  return json::write(object);
}

void readFieldsJson(std::string_view jsonObject, const std::string& sourceName, const FieldVisit& visit,
                    const std::vector<std::string>& ignoredKeys) {
  std::vector<LoadWarning> warnings;
  const io_detail::JsonContext context{sourceName, &warnings};
  const json::Value object = json::parse(jsonObject, sourceName);
  io_detail::requireObject(object, "", context);
  io_detail::JsonFieldReader reader(object, "", context);
  for (const std::string& key : ignoredKeys) reader.consume(key);
  try {
    visit(reader);
  } catch (const LoadError&) {
    throw;
  } catch (const std::exception& e) {
    context.fail(object, "", e.what());
  }
  reader.warnAboutUnreadKeys("these fields");
  if (!warnings.empty()) {
    const LoadWarning& w = warnings.front();
    std::string message = w.message;
    if (const auto ignored = message.find(" (ignored)"); ignored != std::string::npos) message.erase(ignored);
    throw LoadError(w.where, w.jsonPath, message);
  }
}

}  // namespace flexure
