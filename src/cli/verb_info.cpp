// info FILE [--json]: the node tree with every parameter's value, frozen flag and bounds, the
// constraints and settings blocks.
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "flexure/io/json_writer.h"
#include "scene_loading.h"
#include "verb.h"

namespace flexure::cli {

namespace {

// Shortest round-trip form, like the scene file; "inf" for open bounds.
std::string number(double d) { return std::isfinite(d) ? json::formatNumber(d) : (d > 0 ? "inf" : "-inf"); }

nlohmann::json boundJson(double b) { return std::isfinite(b) ? nlohmann::json(b) : nlohmann::json(nullptr); }

nlohmann::json nodeJson(const Scene& scene, const Node& node) {
  nlohmann::json out;
  out["name"] = node.name();
  out["type"] = std::string(node.type());
  out["role"] = node.isPrimitive() ? "primitive" : "operator";
  nlohmann::json params = nlohmann::json::array();
  for (int i = 0; i < node.paramCount(); ++i) {
    const int index = node.paramOffset() + i;
    const ParameterInfo& info = scene.parameters().info(index);
    params.push_back({{"name", info.slot},
                      {"index", index},
                      {"value", scene.parameters().value(index)},
                      {"frozen", info.frozen},
                      {"min", boundJson(info.lower)},
                      {"max", boundJson(info.upper)}});
  }
  out["parameters"] = params;
  nlohmann::json children = nlohmann::json::array();
  for (const auto& c : node.children()) children.push_back(nodeJson(scene, *c));
  out["children"] = children;
  return out;
}

nlohmann::json sceneJson(const std::string& file, const Scene& scene) {
  nlohmann::json out;
  out["file"] = file;
  out["description"] = scene.description;
  nlohmann::json nodes = nlohmann::json::array();
  for (const auto& n : scene.root().children()) nodes.push_back(nodeJson(scene, *n));
  out["nodes"] = nodes;
  out["node_count"] = scene.nodes().size() - 1;
  out["parameter_count"] = scene.parameters().size();
  out["free_parameter_count"] = scene.parameters().freeIndices().size();
  nlohmann::json constraints = nlohmann::json::array();
  for (const auto& c : scene.constraints) {
    constraints.push_back({{"name", c->name},
                           {"kind", std::string(c->kind())},
                           {"family", std::string(c->family())},
                           {"weight", c->weight},
                           {"enabled", c->enabled},
                           {"active", {boundJson(c->active.begin), boundJson(c->active.end)}},
                           {"nodes", c->referencedNodes()}});
  }
  out["constraints"] = constraints;
  nlohmann::json settings = nlohmann::json::array();
  for (const auto& [kind, block] : scene.settings.blocks()) settings.push_back(kind);
  out["settings"] = settings;
  return out;
}

void printNode(std::ostream& out, const Scene& scene, const Node& node, int depth) {
  const std::string indent(static_cast<std::size_t>(2 * depth), ' ');
  out << indent << node.name() << " (" << node.type() << ")\n";
  for (int i = 0; i < node.paramCount(); ++i) {
    const int index = node.paramOffset() + i;
    const ParameterInfo& info = scene.parameters().info(index);
    out << indent << "    " << info.slot << " = " << number(scene.parameters().value(index));
    if (info.frozen) out << "  frozen";
    if (std::isfinite(info.lower) || std::isfinite(info.upper)) out << "  [" << number(info.lower) << ", " << number(info.upper) << "]";
    out << "\n";
  }
  for (const auto& c : node.children()) printNode(out, scene, *c, depth + 1);
}

void printScene(std::ostream& out, const std::string& file, const Scene& scene) {
  out << file << ": " << scene.nodes().size() - 1 << " nodes, " << scene.parameters().size() << " parameters ("
      << scene.parameters().freeIndices().size() << " free), " << scene.constraints.size() << " constraints\n";
  if (!scene.description.empty()) out << "description: " << scene.description << "\n";
  out << "nodes:\n";
  for (const auto& n : scene.root().children()) printNode(out, scene, *n, 1);
  if (!scene.constraints.empty()) out << "constraints:\n";
  for (const auto& c : scene.constraints) {
    out << "  " << (c->name.empty() ? "(unnamed)" : c->name) << " (" << c->kind() << ", " << c->family() << ")  weight "
        << number(c->weight) << (c->enabled ? "" : "  disabled");
    if (!c->active.isAlways()) out << "  active [" << number(c->active.begin) << ", " << number(c->active.end) << "]";
    const std::vector<std::string> refs = c->referencedNodes();
    if (!refs.empty()) {
      out << "  nodes:";
      for (const std::string& r : refs) out << " " << r;
    }
    out << "\n";
  }
  if (!scene.settings.blocks().empty()) {
    out << "settings:";
    for (const auto& [kind, block] : scene.settings.blocks()) out << " " << kind;
    out << "\n";
  }
}

int runInfo(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to describe)");
  const std::string& file = args.positional()[0];
  const auto scene = openScene(file);
  if (args.has("--json")) std::cout << sceneJson(file, *scene).dump(2) << "\n";
  else printScene(std::cout, file, *scene);
  return kExitOk;
}

}  // namespace

const Verb& infoVerb() {
  static const Verb verb{
      "info",
      "print the node tree, parameters (values, frozen flags, bounds), constraints",
      "usage: flexure-cli info FILE [--json]\n\n"
      "Prints the scene's node tree with each node's parameters (value, \"frozen\" when the\n"
      "solvers may not move it, bounds when finite), its constraints and settings blocks.\n\n"
      "options:\n"
      "  --json    one JSON object: file, description, nodes (name, type, role, parameters\n"
      "            [{name, index, value, frozen, min, max}], children), node_count,\n"
      "            parameter_count, free_parameter_count, constraints, settings\n",
      {{"--json", "", false}},
      runInfo};
  return verb;
}

}  // namespace flexure::cli
