#include "support/panel_test_support.h"

#include <catch2/catch.hpp>

#include "flexure/io/scene_file.h"
#include "support/gui_test_support.h"

namespace flexure::app::testing {

OpenDocument::OpenDocument(const char* scene) {
  QString error;
  const QString path = sourcePath((std::string("scenes/") + scene).c_str());
  INFO(error.toStdString());
  REQUIRE(document.open(path, error));
}

std::string sceneText(const Scene& scene) { return sceneToString(scene); }

bool isConsistent(const Scene& scene, std::string& why) {
  const ParameterTable& table = scene.parameters();
  int next = 0;
  for (const Node* node : scene.nodes()) {
    if (node->paramOffset() != next) {
      why = node->name() + ": slice starts at " + std::to_string(node->paramOffset()) + ", expected " + std::to_string(next);
      return false;
    }
    for (int k = 0; k < node->paramCount(); ++k)
      if (table.info(node->paramOffset() + k).owner != node) {
        why = node->name() + ": Ψ entry " + std::to_string(node->paramOffset() + k) + " belongs to another node";
        return false;
      }
    next += node->paramCount();
  }
  if (next != table.size()) {
    why = "Ψ has " + std::to_string(table.size()) + " entries, the tree " + std::to_string(next);
    return false;
  }
  try {
    const std::string text = sceneToString(scene);
    const std::unique_ptr<Scene> reread = loadSceneFromString(text);
    if (sceneToString(*reread) != text) {
      why = "the saved text does not read back as the same scene";
      return false;
    }
  } catch (const std::exception& e) {
    why = std::string("save/reload failed: ") + e.what();
    return false;
  }
  return true;
}

}  // namespace flexure::app::testing
