// JSON text → Scene (docs/scene-format.md). Everything is read into a fresh Scene that is only
// handed out when the whole file was understood (all-or-nothing); each problem becomes a
// LoadError at the position of the value that caused it.
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "flexure/core/importer_registry.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/io/json_reader.h"
#include "flexure/io/json_writer.h"
#include "flexure/io/mesh_source.h"
#include "flexure/io/obj.h"
#include "flexure/io/fragment_file.h"
#include "flexure/io/scene_file.h"
#include "json_field_reader.h"


namespace flexure {

namespace {

using io_detail::indexPath;
using io_detail::JsonContext;
using io_detail::JsonFieldReader;
using io_detail::memberPath;
using io_detail::readBool;
using io_detail::readInt;
using io_detail::readNumber;
using io_detail::readString;
using io_detail::readVec3;
using io_detail::requireArray;
using io_detail::requireObject;

// Shortest round-trip text of a number, "inf"/"-inf" for open bounds.
std::string boundText(double d) { return std::isfinite(d) ? json::formatNumber(d) : (d > 0 ? "inf" : "-inf"); }

std::string joinNames(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// A node read from the file, with the JSON it came from (for the second pass: parameters,
// mesh sources, references).
struct NodeRecord {
  Node* node = nullptr;
  const json::Value* object = nullptr;
  std::string path;
};

// Runs a node's or constraint's own code (visitFields, resolveReferences) and turns whatever
// it throws, other than an already-positioned LoadError, into a LoadError at its JSON object.
template <class F>
void atObject(const JsonContext& context, const json::Value& object, const std::string& path, F&& f) {
  try {
    f();
  } catch (const LoadError&) {
    throw;
  } catch (const std::exception& e) {
    io_detail::failInObject(context, object, path, e);
  }
}

// A scene file, or a fragment (io/fragment_file.h): the same language, read by the same code.
// A fragment's constraints may name nodes it does not hold (constraints kept with a copy that
// name the uncopied part): those are resolved where the fragment is pasted, not here.
enum class ReadMode { Scene, Fragment };

class SceneReader {
 public:
  SceneReader(const JsonContext& context, std::string baseDirectory, ReadMode mode = ReadMode::Scene)
      : context_(context), baseDirectory_(std::move(baseDirectory)), mode_(mode) {}

  std::unique_ptr<Scene> read(const json::Value& doc) {
    requireObject(doc, "", context_);
    JsonFieldReader top(doc, "", context_);
    checkFormat(doc, top);
    auto scene = std::make_unique<Scene>();
    top.field("description", scene->description, FieldUse::Optional);
    if (const json::Value* cam = doc.find("camera")) readCamera(*cam, scene->camera);
    top.consume("camera");

    readNodes(doc, *scene);
    top.consume("nodes");
    for (const NodeRecord& r : records_) readParameters(r, *scene);
    for (const NodeRecord& r : records_) loadMeshSource(r);

    if (const json::Value* cs = doc.find("constraints")) readConstraints(*cs, *scene);
    top.consume("constraints");
    if (const json::Value* s = doc.find("settings")) readSettings(*s, *scene);
    top.consume("settings");
    resolveReferences(*scene);
    top.warnAboutUnreadKeys(mode_ == ReadMode::Fragment && isFragment_ ? "a fragment" : "a scene file");
    return scene;
  }

  // Where each constraint was written (fragments: to name a constraint that does not resolve
  // where the fragment is pasted).
  std::vector<std::pair<FileLocation, std::string>> constraintLocations() const {
    std::vector<std::pair<FileLocation, std::string>> out;
    if (!constraintRecords_) return out;
    for (std::size_t i = 0; i < constraintRecords_->items().size(); ++i) {
      const json::Position at = constraintRecords_->items()[i].position();
      out.push_back({FileLocation{context_.file, at.line, at.column}, indexPath("constraints", i)});
    }
    return out;
  }

 private:
  void checkFormat(const json::Value& doc, JsonFieldReader& top) {
    const json::Value* format = doc.find("format");
    top.consume("format");
    // A fragment may also be a whole scene file (pasted from a text editor).
    const std::string expected = mode_ == ReadMode::Fragment
                                     ? "\"" + std::string(kFragmentFormatName) + "\" or \"" + std::string(kSceneFormatName) + "\""
                                     : "\"" + std::string(kSceneFormatName) + "\"";
    if (!format)
      context_.fail(doc, "", mode_ == ReadMode::Fragment
                                 ? "missing \"format\": not a Flexure fragment (expected \"format\": " + expected + ")"
                                 : "missing \"format\": not a Flexure scene file (expected \"format\": " + expected + ")");
    const std::string& name = readString(*format, "format", context_);
    isFragment_ = mode_ == ReadMode::Fragment && name == kFragmentFormatName;
    if (name != kSceneFormatName && !isFragment_)
      context_.fail(*format, "format", "unknown format \"" + format->asString() + "\" (expected " + expected + ")");
    const json::Value* version = doc.find("version");
    top.consume("version");
    if (!version) context_.fail(doc, "", "missing required field \"version\"");
    const int v = readInt(*version, "version", context_);
    if (v > kSceneFormatVersion)
      context_.fail(*version, "version", "this file has scene format version " + std::to_string(v) +
                                             ", written by a newer Flexure; this build reads versions up to " +
                                             std::to_string(kSceneFormatVersion));
    if (v < 1) context_.fail(*version, "version", "invalid scene format version " + std::to_string(v));
  }

  void readCamera(const json::Value& v, Camera& camera) {
    requireObject(v, "camera", context_);
    JsonFieldReader r(v, "camera", context_);
    std::string projection = "perspective";
    r.field("projection", projection);
    if (projection == "perspective") camera.projection = Camera::Projection::Perspective;
    else if (projection == "orthographic") camera.projection = Camera::Projection::Orthographic;
    else context_.fail(*v.find("projection"), "camera.projection", "expected \"perspective\" or \"orthographic\"");
    r.field("eye", camera.eye);
    r.field("target", camera.target);
    r.field("up", camera.up);
    r.field("fov_y_degrees", camera.fovYDegrees);
    r.field("ortho_height", camera.orthoHeight);
    r.field("near", camera.nearPlane);
    r.field("far", camera.farPlane);
    r.warnAboutUnreadKeys("the camera");
  }

  // ---- nodes ---------------------------------------------------------------------------

  void readNodes(const json::Value& doc, Scene& scene) {
    const json::Value* nodes = doc.find("nodes");
    if (!nodes) context_.fail(doc, "", "missing required field \"nodes\"");
    requireArray(*nodes, "nodes", context_);
    std::vector<std::unique_ptr<Node>> top;
    for (std::size_t i = 0; i < nodes->items().size(); ++i) top.push_back(readNode(nodes->items()[i], indexPath("nodes", i)));
    nameUnnamedNodes();
    // Attached directly and laid out once: Scene::add would re-lay Ψ per node.
    for (auto& n : top) scene.root().addChild(std::move(n));
    scene.rebuildParameters();
  }

  std::unique_ptr<Node> readNode(const json::Value& v, const std::string& path) {
    requireObject(v, path, context_);
    JsonFieldReader r(v, path, context_);
    r.consume("type");
    const json::Value* typeValue = v.find("type");
    if (!typeValue) context_.fail(v, path, "missing required field \"type\"");
    const std::string& type = readString(*typeValue, memberPath(path, "type"), context_);
    std::unique_ptr<Node> node = NodeRegistry::instance().create(type);
    if (!node)
      context_.fail(*typeValue, memberPath(path, "type"),
                    "unknown node type \"" + type + "\" (known types: " + joinNames(NodeRegistry::instance().types()) + ")");

    r.consume("name");
    if (const json::Value* nameValue = v.find("name")) {
      const std::string& name = readString(*nameValue, memberPath(path, "name"), context_);
      if (name.empty()) context_.fail(*nameValue, memberPath(path, "name"), "node name must not be empty");
      if (name == "root") context_.fail(*nameValue, memberPath(path, "name"), "the node name \"root\" is reserved for the scene root");
      auto [it, inserted] = names_.emplace(name, nameValue->position());
      if (!inserted)
        context_.fail(*nameValue, memberPath(path, "name"),
                      "duplicate node name \"" + name + "\" (first used at line " + std::to_string(it->second.line) +
                          ", column " + std::to_string(it->second.column) + ")");
      node->setName(name);
    }

    r.consume("params");  // after the tree is laid out (readParameters)
    r.consume("children");
    atObject(context_, v, path, [&] { node->visitFields(r); });
    r.warnAboutUnreadKeys("node type \"" + type + "\"");
    records_.push_back({node.get(), &v, path});

    if (const json::Value* children = v.find("children")) {
      const std::string childrenPath = memberPath(path, "children");
      requireArray(*children, childrenPath, context_);
      if (node->isPrimitive() && !children->items().empty())
        context_.fail(*children, childrenPath, "a primitive (\"" + type + "\") cannot have children");
      for (std::size_t i = 0; i < children->items().size(); ++i)
        node->addChild(readNode(children->items()[i], indexPath(childrenPath, i)));
    }
    return node;
  }

  // Nodes without "name" get their type as name, made unique against every name in the file.
  void nameUnnamedNodes() {
    for (const NodeRecord& r : records_) {
      if (!r.node->name().empty()) continue;
      std::string stem(r.node->type());
      std::string name = stem;
      for (int i = 1; names_.count(name) || name == "root"; ++i) name = stem + "." + std::to_string(i);
      names_.emplace(name, json::Position{});
      r.node->setName(name);
    }
  }

  // "params": {"radius": 0.5, "length": {"value": 2, "frozen": true, "min": 0, "max": null}}
  void readParameters(const NodeRecord& r, Scene& scene) {
    const json::Value* params = r.object->find("params");
    if (!params) return;
    const std::string path = memberPath(r.path, "params");
    requireObject(*params, path, context_);
    const std::vector<ParamSpec> specs = r.node->parameterSpecs();
    ParameterTable& table = scene.parameters();
    for (std::size_t i = 0; i < params->memberCount(); ++i) {
      const std::string& slot = params->key(i);
      const std::string slotPath = memberPath(path, slot);
      const json::Value& v = params->memberValue(i);
      int spec = -1;
      for (std::size_t k = 0; k < specs.size(); ++k)
        if (specs[k].name == slot) spec = static_cast<int>(k);
      if (spec < 0) {
        std::vector<std::string> known;
        for (const ParamSpec& s : specs) known.push_back(s.name);
        context_.fail(params->keyPosition(i), slotPath,
                      "unknown parameter \"" + slot + "\" for node type \"" + std::string(r.node->type()) + "\" (parameters: " +
                          (known.empty() ? std::string("none") : joinNames(known)) + ")");
      }
      const int index = r.node->paramOffset() + spec;
      if (v.isNumber()) {
        table.setValue(index, v.asNumber());
      } else if (v.isObject()) {
        readParameterObject(v, slotPath, table, index);
      } else {
        context_.fail(v, slotPath, std::string("expected a number or an object {\"value\", \"frozen\", \"min\", \"max\"}, found ") + v.describe());
      }
      checkBounds(v, slotPath, table, index);
    }
  }

  void readParameterObject(const json::Value& v, const std::string& path, ParameterTable& table, int index) {
    JsonFieldReader r(v, path, context_);
    double value = table.value(index);
    bool frozen = table.isFrozen(index);
    r.field("value", value);
    r.field("frozen", frozen);
    table.setValue(index, value);
    table.setFrozen(index, frozen);
    readBound(v, "min", path, r, table.info(index).lower);
    readBound(v, "max", path, r, table.info(index).upper);
    r.warnAboutUnreadKeys("a parameter");
  }

  // A number, or null for "unbounded".
  void readBound(const json::Value& v, const char* key, const std::string& path, JsonFieldReader& r, double& bound) {
    r.consume(key);
    const json::Value* b = v.find(key);
    if (!b) return;
    if (b->isNull()) bound = std::string_view(key) == "min" ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    else bound = readNumber(*b, memberPath(path, key), context_);
  }

  void checkBounds(const json::Value& v, const std::string& path, const ParameterTable& table, int index) {
    const ParameterInfo& info = table.info(index);
    if (info.lower > info.upper)
      context_.fail(v, path, "min (" + boundText(info.lower) + ") is greater than max (" + boundText(info.upper) + ")");
    const double value = table.value(index);
    if (value < info.lower || value > info.upper)
      context_.warn(v.position(), path, "value " + boundText(value) + " lies outside its bounds [" + boundText(info.lower) +
                                            ", " + boundText(info.upper) + "]; a solver will clamp it");
  }

  // A mesh node's "source" names a mesh file (OBJ, or a format with a registered mesh reader),
  // relative to the scene file's directory, read in the file's own units and axes and then
  // mapped by the node's "source_scale", "source_up" and "scene_up" with the function File →
  // Import uses (applyMeshImportOptions).
  void loadMeshSource(const NodeRecord& r) {
    auto* mesh = dynamic_cast<MeshPrimitive*>(r.node);
    if (!mesh) return;
    const json::Value* source = r.object->find("source");
    if (!source || !source->isString() || source->asString().empty()) return;
    const std::filesystem::path file = meshSourcePath(source->asString(), baseDirectory_);
    try {
      // Many nodes may share one file (instances): read each file once per load.
      auto cached = meshFiles_.find(file.string());
      if (cached == meshFiles_.end()) cached = meshFiles_.emplace(file.string(), readMeshSourceFile(file)).first;
      mesh->setMesh(placeMeshSource(cached->second, mesh->sourceOptions(), file));
    } catch (const LoadError& e) {
      context_.fail(*source, memberPath(r.path, "source"), std::string("cannot load mesh: ") + e.what());
    }
  }

  // ---- constraints and settings --------------------------------------------------------

  void readConstraints(const json::Value& list, Scene& scene) {
    requireArray(list, "constraints", context_);
    std::map<std::string, json::Position> names;
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const json::Value& v = list.items()[i];
      const std::string path = indexPath("constraints", i);
      scene.constraints.push_back(readConstraint(v, path));
      const std::string& name = scene.constraints.back()->name;
      if (name.empty()) continue;
      auto [it, inserted] = names.emplace(name, v.position());
      if (!inserted)
        context_.fail(*v.find("name"), memberPath(path, "name"),
                      "duplicate constraint name \"" + name + "\" (first used at line " + std::to_string(it->second.line) + ")");
    }
    constraintRecords_ = &list;
  }

  std::unique_ptr<Constraint> readConstraint(const json::Value& v, const std::string& path) {
    requireObject(v, path, context_);
    JsonFieldReader r(v, path, context_);
    r.consume("kind");
    const json::Value* kindValue = v.find("kind");
    if (!kindValue) context_.fail(v, path, "missing required field \"kind\"");
    const std::string& kind = readString(*kindValue, memberPath(path, "kind"), context_);
    std::unique_ptr<Constraint> c = ConstraintRegistry::instance().create(kind);
    if (!c) {
      const std::vector<std::string> kinds = ConstraintRegistry::instance().kinds();
      context_.fail(*kindValue, memberPath(path, "kind"),
                    "unknown constraint kind \"" + kind + "\" (known kinds: " + (kinds.empty() ? std::string("none") : joinNames(kinds)) + ")");
    }
    r.field("name", c->name);
    r.field("weight", c->weight);
    r.field("enabled", c->enabled);
    r.consume("active");
    if (const json::Value* active = v.find("active")) c->active = readInterval(*active, memberPath(path, "active"));
    atObject(context_, v, path, [&] { c->visitFields(r); });
    r.warnAboutUnreadKeys("constraint kind \"" + kind + "\"");
    return c;
  }

  // [begin, end]; null for an open end.
  TimeInterval readInterval(const json::Value& v, const std::string& path) {
    if (!v.isArray() || v.items().size() != 2) context_.fail(v, path, "expected [begin, end] (numbers, or null for an open end)");
    TimeInterval t;
    const json::Value& b = v.items()[0];
    const json::Value& e = v.items()[1];
    if (!b.isNull()) t.begin = readNumber(b, indexPath(path, 0), context_);
    if (!e.isNull()) t.end = readNumber(e, indexPath(path, 1), context_);
    if (t.begin > t.end) context_.fail(v, path, "the active interval ends before it begins");
    return t;
  }

  void readSettings(const json::Value& v, Scene& scene) {
    requireObject(v, "settings", context_);
    for (std::size_t i = 0; i < v.memberCount(); ++i) {
      const std::string& kind = v.key(i);
      const std::string path = memberPath("settings", kind);
      std::unique_ptr<SettingsBlock> block = SettingsRegistry::instance().create(kind);
      if (!block) {
        context_.warn(v.keyPosition(i), path, "settings for \"" + kind + "\", a module this build does not have (ignored)");
        continue;
      }
      const json::Value& fields = v.memberValue(i);
      requireObject(fields, path, context_);
      JsonFieldReader r(fields, path, context_);
      atObject(context_, fields, path, [&] { block->visitFields(r); });
      r.warnAboutUnreadKeys("settings \"" + kind + "\"");
      scene.settings.set(std::move(block));
    }
  }

  // ---- references ----------------------------------------------------------------------

  // The position of the first string equal to `name` inside `v` (where a reference is spelled).
  static const json::Value* findString(const json::Value& v, const std::string& name) {
    if (v.isString() && v.asString() == name) return &v;
    if (v.isArray() || v.isObject())
      for (std::size_t i = 0; i < v.items().size(); ++i) {
        if (v.isObject() && (v.key(i) == "name" || v.key(i) == "kind")) continue;
        if (const json::Value* hit = findString(v.items()[i], name)) return hit;
      }
    return nullptr;
  }

  void resolveReferences(Scene& scene) {
    const Scene::NameLookupScope byName(scene);  // every lookup below by name, without a tree search each
    for (const NodeRecord& r : records_) {
      atObject(context_, *r.object, r.path, [&] { r.node->resolveReferences(scene); });
    }
    for (std::size_t i = 0; i < scene.constraints.size(); ++i) {
      Constraint& c = *scene.constraints[i];
      const json::Value& v = constraintRecords_->items()[i];
      const std::string path = indexPath("constraints", i);
      bool external = false;
      for (const std::string& name : c.referencedNodes()) {
        if (scene.find(name)) continue;
        if (mode_ == ReadMode::Fragment) {
          external = true;  // resolved where the fragment is pasted
          continue;
        }
        const json::Value* at = findString(v, name);
        context_.fail(at ? *at : v, path, "constraint \"" + c.name + "\" refers to node \"" + name + "\", which does not exist");
      }
      if (!external) atObject(context_, v, path, [&] { c.resolveReferences(scene); });
    }
  }

  const JsonContext& context_;
  std::string baseDirectory_;
  ReadMode mode_;
  bool isFragment_ = false;
  std::map<std::string, TriangleMesh> meshFiles_;  // OBJ files read during this load, by path
  std::vector<NodeRecord> records_;
  std::map<std::string, json::Position> names_;
  const json::Value* constraintRecords_ = nullptr;
};

}  // namespace

LoadResult readSceneString(std::string_view text, const std::string& sourceName, const std::string& baseDirectory) {
  LoadResult result;
  JsonContext context{sourceName, &result.warnings};
  const json::Value doc = json::parse(text, sourceName);
  result.scene = SceneReader(context, baseDirectory).read(doc);
  return result;
}

FragmentText readFragment(std::string_view text, const std::string& sourceName, const std::string& baseDirectory) {
  FragmentText result;
  JsonContext context{sourceName, &result.warnings};
  const json::Value doc = json::parse(text, sourceName);
  SceneReader reader(context, baseDirectory, ReadMode::Fragment);
  result.fragment = reader.read(doc);
  result.constraintLocations = reader.constraintLocations();
  return result;
}

LoadResult readSceneFile(const std::string& path) {
  const std::string text = readWholeFile(path);
  const std::filesystem::path p(path);
  return readSceneString(text, path, p.has_parent_path() ? p.parent_path().string() : std::string("."));
}

std::unique_ptr<Scene> loadScene(const std::string& path) { return readSceneFile(path).scene; }

std::unique_ptr<Scene> loadSceneFromString(std::string_view text, const std::string& sourceName) {
  return readSceneString(text, sourceName).scene;
}

}  // namespace flexure
