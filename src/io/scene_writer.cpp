// Scene → JSON text (docs/scene-format.md). Members are written in a fixed order and every
// parameter value is written, so a saved file describes the whole state and diffs stay local.
#include <cmath>
#include <limits>

#include "flexure/io/fragment_file.h"
#include "flexure/io/json_writer.h"
#include "flexure/io/scene_file.h"
#include "json_field_writer.h"

namespace flexure {

namespace {

using io_detail::JsonFieldWriter;
using io_detail::vec3Value;

// A bound is written as a number, or null for "unbounded" (JSON has no infinity).
json::Value boundValue(double b) { return std::isinf(b) ? json::Value(nullptr) : json::Value(b); }

// A bare number when frozen flag and bounds are the node type's defaults; otherwise
// {"value", "frozen", "min", "max"} with min/max only where they differ from the defaults.
json::Value parameterValue(const ParamSpec& spec, const ParameterInfo& info, double value) {
  if (info.frozen == spec.frozen && info.lower == spec.lower && info.upper == spec.upper) return json::Value(value);
  json::Value p = json::Value::object();
  p.set("value", value);
  p.set("frozen", info.frozen);
  if (info.lower != spec.lower) p.set("min", boundValue(info.lower));
  if (info.upper != spec.upper) p.set("max", boundValue(info.upper));
  return p;
}

json::Value nodeValue(const Scene& scene, const Node& node) {
  json::Value out = json::Value::object();
  out.set("name", node.name());
  out.set("type", std::string(node.type()));
  const std::vector<ParamSpec> specs = node.parameterSpecs();
  if (!specs.empty()) {
    json::Value params = json::Value::object();
    for (std::size_t i = 0; i < specs.size(); ++i) {
      const int index = node.paramOffset() + static_cast<int>(i);
      params.set(specs[i].name, parameterValue(specs[i], scene.parameters().info(index), scene.parameters().value(index)));
    }
    out.set("params", std::move(params));
  }
  // visitFields is one function for reading and writing, hence non-const; the writer only
  // reads the members it is handed.
  JsonFieldWriter fields(out);
  const_cast<Node&>(node).visitFields(fields);
  if (!node.children().empty()) {
    json::Value children = json::Value::array();
    for (const auto& c : node.children()) children.push(nodeValue(scene, *c));
    out.set("children", std::move(children));
  }
  return out;
}

json::Value cameraValue(const Camera& c) {
  json::Value out = json::Value::object();
  out.set("projection", c.projection == Camera::Projection::Perspective ? "perspective" : "orthographic");
  out.set("eye", vec3Value(c.eye));
  out.set("target", vec3Value(c.target));
  out.set("up", vec3Value(c.up));
  out.set("fov_y_degrees", c.fovYDegrees);
  out.set("ortho_height", c.orthoHeight);
  out.set("near", c.nearPlane);
  out.set("far", c.farPlane);
  return out;
}

json::Value constraintValue(const Constraint& c) {
  json::Value out = json::Value::object();
  out.set("kind", std::string(c.kind()));
  out.set("name", c.name);
  out.set("weight", c.weight);
  out.set("enabled", c.enabled);
  if (!c.active.isAlways()) {
    json::Value interval = json::Value::array();
    interval.push(boundValue(c.active.begin));
    interval.push(boundValue(c.active.end));
    out.set("active", std::move(interval));
  }
  JsonFieldWriter fields(out);
  const_cast<Constraint&>(c).visitFields(fields);
  return out;
}

// The parts every scene-language document shares: nodes, constraints, settings.
void setContent(json::Value& doc, const Scene& scene) {
  json::Value nodes = json::Value::array();
  for (const auto& n : scene.root().children()) nodes.push(nodeValue(scene, *n));
  doc.set("nodes", std::move(nodes));
  json::Value constraints = json::Value::array();
  for (const auto& c : scene.constraints) constraints.push(constraintValue(*c));
  doc.set("constraints", std::move(constraints));
  json::Value settings = json::Value::object();
  for (const auto& [kind, block] : scene.settings.blocks()) {
    json::Value fields = json::Value::object();
    JsonFieldWriter writer(fields);
    block->visitFields(writer);
    settings.set(kind, std::move(fields));
  }
  doc.set("settings", std::move(settings));
}

json::Value sceneValue(const Scene& scene) {
  json::Value doc = json::Value::object();
  doc.set("format", std::string(kSceneFormatName));
  doc.set("version", kSceneFormatVersion);
  doc.set("description", scene.description);
  doc.set("camera", cameraValue(scene.camera));
  setContent(doc, scene);
  return doc;
}

// A fragment has no camera and no description: it is parts, not a view of them.
json::Value fragmentValue(const Scene& fragment) {
  json::Value doc = json::Value::object();
  doc.set("format", std::string(kFragmentFormatName));
  doc.set("version", kSceneFormatVersion);
  setContent(doc, fragment);
  return doc;
}

// The text, or SaveError naming the culprit: a NaN in Ψ is the usual one.
std::string writeText(const Scene& scene, const json::Value& doc) {
  try {
    return json::write(doc);
  } catch (const json::WriteError& e) {
    for (int i = 0; i < scene.parameters().size(); ++i)
      if (!std::isfinite(scene.parameters().value(i)))
        throw SaveError("cannot save: parameter " + scene.parameters().info(i).qualifiedName() + " is not a finite number");
    throw SaveError(std::string("cannot save: ") + e.what());
  }
}

}  // namespace

std::string sceneToString(const Scene& scene) { return writeText(scene, sceneValue(scene)); }

std::string fragmentToString(const Scene& fragment) { return writeText(fragment, fragmentValue(fragment)); }

void saveScene(const Scene& scene, const std::string& path, const AtomicWriteHooks& hooks) {
  const std::string text = sceneToString(scene);  // before touching the file system
  writeFileAtomically(path, text, hooks);
}

}  // namespace flexure
